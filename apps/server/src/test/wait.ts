/**
 * Waits until `check` holds, asking again every `everyMs` until `timeoutMs` has passed (then throws,
 * naming `what`). For tests that wait for a state they can only poll; a fixed delay standing in for
 * the state is never the way (it is too short on a busy machine and too long on a quiet one).
 */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, everyMs = 25 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

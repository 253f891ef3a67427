// `bench:search --burn`: spins `ms` milliseconds of processor time `perSecond` times a second until
// killed, or until the benchmark that started it is gone (it is then adopted by another process).
const [ms, perSecond] = process.argv.slice(2).map(Number);
const parent = process.ppid;
const period = 1000 / perSecond;
const started = performance.now();
for (let n = 0; process.ppid === parent; n++) {
  const wait = started + n * period - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x += Math.sqrt(x + 1);
}

import { demo, demoPassword, expect, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';

interface Applicant {
  applicant: { id: number; full_name: string; email: string };
}

/**
 * Two people, two browser contexts: the employer messages an applicant; the job seeker's bell and
 * conversation list update without a reload; they answer (the employer sees them typing); the
 * employer sees it live and "Seen" once it is read. Opening the conversation again takes the spec's `existing_room` path to the same room.
 * A message written offline waits and goes out once when the connection is back.
 */
test('employer and applicant chat live in two browser contexts', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const login = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email: demo.employer, password: demoPassword } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };
  const mine = (await (await request.get(`${e2eEnv.baseURL}/api/jobs/mine/?page_size=50`, { headers: auth })).json()) as {
    results: { id: number; is_public: boolean }[];
  };
  // A demo applicant (…@example.net, password demo-pass-123) of one of the demo employer's jobs, who
  // has no conversation yet (seeker@ has one; other journeys' accounts have their own passwords).
  const rooms = (await (await request.get(`${e2eEnv.baseURL}/api/chatrooms/`, { headers: auth })).json()) as {
    results: { jobseeker: { id: number } }[];
  };
  const talking = new Set(rooms.results.map((r) => r.jobseeker.id));
  let target: { jobId: number; person: Applicant['applicant'] } | undefined;
  for (const job of mine.results) {
    const list = (await (await request.get(`${e2eEnv.baseURL}/api/jobs/${job.id}/applicants/`, { headers: auth })).json()) as {
      results: Applicant[];
    };
    const person = list.results.find((a) => a.applicant.email.endsWith('@example.net') && !talking.has(a.applicant.id))?.applicant;
    if (person) {
      target = { jobId: job.id, person };
      break;
    }
  }
  if (!target) throw new Error('the demo employer has no applicant to message');

  const employerContext = await browser.newContext();
  const seekerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  const seeker = await seekerContext.newPage();
  await loginAs(employer, demo.employer);
  await loginAs(seeker, target.person.email);

  // The job seeker waits on the conversation list (empty so far).
  await seeker.goto('/#/chat');
  await expect(seeker.getByText('No conversations yet')).toBeVisible();
  const bell = seeker.getByRole('button', { name: /^Notifications/ });
  const bellBefore = (await bell.getAttribute('aria-label')) ?? '';

  // The employer opens the conversation from the applicant and writes.
  await employer.goto(`/#/EmployerJobapplicants/${target.jobId}`);
  await employer.getByRole('button', { name: `Message ${target.person.full_name}` }).click();
  await expect(employer).toHaveURL(/#\/employer\/chat\/\d+$/);
  const roomUrl = employer.url();
  const hello = `Hello ${target.person.full_name.split(' ')[0]}, are you free for a call on Thursday?`;
  await employer.getByRole('textbox', { name: 'Message' }).fill(hello);
  await employer.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(employer.getByText(hello)).toBeVisible();

  // Without a reload: the list shows the conversation and the bell counts the message.
  await expect(seeker.getByRole('link', { name: /Northwind Labs, 1 unread/ })).toBeVisible();
  await expect(seeker.getByText(hello)).toBeVisible();
  await expect(bell).not.toHaveAttribute('aria-label', bellBefore);
  await expect(bell).toHaveAttribute('aria-label', /unread/);

  // The job seeker opens it and answers; the employer sees the answer live, and "Seen".
  await seeker.getByRole('link', { name: /Northwind Labs/ }).click();
  await expect(seeker.getByRole('log', { name: 'Messages' }).getByText(hello)).toBeVisible();
  await expect(employer.getByText('Seen')).toBeVisible();
  const answer = 'Yes, Thursday works. Details: https://example.com/my-portfolio';
  await seeker.getByRole('textbox', { name: 'Message' }).fill(answer);
  await expect(employer.getByText(`${target.person.full_name} is typing…`)).toBeVisible();
  await seeker.getByRole('button', { name: 'Send' }).click();
  await expect(employer.getByText('Yes, Thursday works. Details:')).toBeVisible();
  await expect(employer.getByRole('link', { name: 'https://example.com/my-portfolio' })).toBeVisible();
  await expect(seeker.getByText('Seen')).toBeVisible();

  // Opening the conversation again: POST /api/chatrooms/ answers 400 existing_room, the same room opens.
  const refused = employer.waitForResponse((r) => r.url().endsWith('/api/chatrooms/') && r.request().method() === 'POST');
  await employer.goto(`/#/EmployerJobapplicants/${target.jobId}`);
  await employer.getByRole('button', { name: `Message ${target.person.full_name}` }).click();
  const response = await refused;
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { code: string }).code).toBe('existing_room');
  await expect(employer).toHaveURL(roomUrl);
  await expect(employer.getByText(answer.split(' Details')[0]!)).toBeVisible();

  // Offline: what the job seeker writes without a connection waits ("Not sent."), and goes out by
  // itself, once, when the connection is back (the retry carries the same client_id).
  await seekerContext.setOffline(true);
  const offline = 'Written on the train; it goes out when the signal is back.';
  await seeker.getByRole('textbox', { name: 'Message' }).fill(offline);
  await seeker.getByRole('button', { name: 'Send' }).click();
  await expect(seeker.getByText('Not sent.')).toBeVisible();
  await seekerContext.setOffline(false);
  await expect(seeker.getByText('Not sent.')).toHaveCount(0);
  await expect(employer.getByText(offline)).toHaveCount(1);
  const roomId = Number(/(\d+)$/.exec(roomUrl)![1]);
  const stored = (await (
    await request.get(`${e2eEnv.baseURL}/api/chatrooms/${roomId}/messages/?page_size=50`, { headers: auth })
  ).json()) as {
    results: { content: string }[];
  };
  expect(stored.results.filter((m) => m.content === offline)).toHaveLength(1);
  await expect(seeker.getByRole('log', { name: 'Messages' }).getByText(offline)).toHaveCount(1);

  await employerContext.close();
  await seekerContext.close();
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback, interview, page } from '../../../test/interview-fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { InterviewFeedbackScreen } from './interview-feedback-screen';

afterEach(() => vi.unstubAllGlobals());

function renderScreen(feedbacks: ReturnType<typeof feedback>[], respond: (r: RecordedRequest) => Response | undefined = () => undefined) {
  const { requests } = mockFetch(
    (r) =>
      respond(r) ??
      (r.url.startsWith('/api/interview-feedbacks/')
        ? jsonResponse(200, page(feedbacks))
        : jsonResponse(200, interview({ id: 31, status: 'completed' }))),
  );
  const rendered = renderRoutes(
    [
      { path: '/interview-feedback/:interviewId', element: <InterviewFeedbackScreen /> },
      { path: '/EmployerInterviews', element: <p>Agenda</p> },
    ],
    {
      path: '/interview-feedback/31',
      session: sessionFor('employer', { userid: 2, user: { id: 2, email: 'priya@example.com', full_name: 'Priya Raman' } }),
    },
  );
  return { requests, ...rendered };
}

describe('InterviewFeedbackScreen', { timeout: 20_000 }, () => {
  it('gives a scorecard: stage, score, ratings, recommendation and the feedback', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, currentLocation } = renderScreen(
      [feedback({ id: 50, author: { id: 99, full_name: 'Jordan Blake' }, feedback: 'Good questions.' })],
      (r) => (r.method === 'POST' ? jsonResponse(201, feedback()) : undefined),
    );
    expect(await screen.findByRole('heading', { name: 'Feedback on Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Good questions.')).toBeInTheDocument(); // a teammate's
    await user.click(screen.getAllByLabelText(/^Stage/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'Technical assessment' }));
    await user.type(screen.getByLabelText(/^Score/), '8');
    await user.click(screen.getByLabelText('Strong yes'));
    await user.click(screen.getByLabelText(/^Feedback/));
    await user.paste('Solved the exercise cleanly.');
    await user.click(screen.getByRole('button', { name: 'Give feedback' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/EmployerInterviews'));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      interview: 31,
      stage: 'technical_assessment',
      score: 8,
      recommendation: 'strong_yes',
      feedback: 'Solved the exercise cleanly.',
    });
  });

  it("edits the author's own scorecard", async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderScreen([feedback({ id: 41, author: { id: 2, full_name: 'Priya Raman' } })], (r) =>
      r.method === 'PATCH' ? jsonResponse(200, feedback()) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Your scorecard' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Feedback/)).toHaveValue('A strong interview.');
    await user.click(screen.getByRole('button', { name: 'Save feedback' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.url).toBe('/api/interview-feedbacks/41/'));
  });
});

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chooseInterviewTimeRequest,
  createFeedbackRequest,
  feedbackList,
  feedbackOut,
  feedbacksQuery,
  idParam,
  interviewList,
  interviewOut,
  interviewsQuery,
  scheduleInterviewRequest,
  updateFeedbackRequest,
  updateInterviewRequest,
} from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import type { FeedbacksService } from './feedbacks.service';
import type { InterviewsService } from './interviews.service';

const tags = ['interviews'];
const security = [{ bearerAuth: [] }];

export function interviewsRoutes(
  app: FastifyInstance,
  { interviews, feedbacks }: { interviews: InterviewsService; feedbacks: FeedbacksService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const employerOnly = app.requireRole('employer');
  const jobseekerOnly = app.requireRole('jobseeker');
  const eitherSide = app.requireRole('employer', 'jobseeker');

  r.post('/api/schedule-interview/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary:
        'Schedule an interview for an application of your company (scheduled_time), or offer 2-6 times for the job seeker to pick ' +
        '(offered_times). 409 interview_clash with the clashing interview; 409 when the application is final.',
      body: scheduleInterviewRequest,
      response: { 201: interviewOut },
    },
    handler: async (request, reply) => reply.code(201).send(await interviews.schedule(viewerOf(request), request.body)),
  });

  r.patch('/api/update-interview/:id/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: 'Reschedule (a new scheduled_time makes it rescheduled), change the details, or set status cancelled or completed',
      params: idParam,
      body: updateInterviewRequest,
      response: { 200: interviewOut },
    },
    handler: (request) => interviews.update(viewerOf(request), request.params.id, request.body),
  });

  r.get('/api/interview-schedules/', {
    onRequest: eitherSide,
    schema: {
      tags,
      security,
      summary: "Interviews: a job seeker's own, an employer's company's. Filters when=upcoming|past, application, job, status",
      querystring: interviewsQuery,
      response: { 200: interviewList },
    },
    handler: async (request) => pageOf(request, await interviews.list(viewerOf(request), request.query)),
  });

  r.get('/api/interview-schedules/:id/', {
    onRequest: eitherSide,
    schema: { tags, security, summary: 'One interview, for either side', params: idParam, response: { 200: interviewOut } },
    handler: (request) => interviews.get(viewerOf(request), request.params.id),
  });

  r.get('/api/interview-schedules/:id/invite.ics', {
    onRequest: eitherSide,
    schema: { tags, security, summary: 'The interview as a calendar file (text/calendar), for either side', params: idParam },
    handler: async (request, reply) => {
      const { content, method } = await interviews.invite(viewerOf(request), request.params.id);
      return reply
        .header('content-type', `text/calendar; charset=utf-8; method=${method}`)
        .header('content-disposition', `attachment; filename="interview-${request.params.id}.ics"`)
        .send(content);
    },
  });

  r.post('/api/interview-schedules/:id/choose/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: 'The job seeker picks one of the offered times (the first pick wins; 409 once picked)',
      params: idParam,
      body: chooseInterviewTimeRequest,
      response: { 200: interviewOut },
    },
    handler: (request) => interviews.choose(viewerOf(request), request.params.id, request.body),
  });

  r.post('/api/interview-schedules/:id/confirm/', {
    onRequest: jobseekerOnly,
    schema: { tags, security, summary: 'The job seeker confirms attendance', params: idParam, response: { 200: interviewOut } },
    handler: (request) => interviews.confirm(viewerOf(request), request.params.id),
  });

  r.get('/api/interview-feedbacks/', {
    onRequest: eitherSide,
    schema: {
      tags,
      security,
      summary: "Feedback: an employer's company's, or all on a job seeker's own interviews. Filter interview",
      querystring: feedbacksQuery,
      response: { 200: feedbackList },
    },
    handler: async (request) => pageOf(request, await feedbacks.list(viewerOf(request), request.query)),
  });

  r.post('/api/interview-feedbacks/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: 'Give feedback on an interview of your company (one per interview and author: 409 feedback_exists)',
      body: createFeedbackRequest,
      response: { 201: feedbackOut },
    },
    handler: async (request, reply) => reply.code(201).send(await feedbacks.create(viewerOf(request), request.body)),
  });

  r.patch('/api/interview-feedbacks/:id/', {
    onRequest: eitherSide,
    schema: {
      tags,
      security,
      summary: 'The author edits the feedback; the job seeker changes only is_approved (shown on their profile)',
      params: idParam,
      body: updateFeedbackRequest,
      response: { 200: feedbackOut },
    },
    handler: (request) => feedbacks.update(viewerOf(request), request.params.id, request.body),
  });
}

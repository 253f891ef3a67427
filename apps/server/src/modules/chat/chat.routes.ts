import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chatMessageCreate,
  chatMessageList,
  chatMessageOut,
  chatMessagesQuery,
  chatReadOut,
  chatReadRequest,
  chatRoomCreate,
  chatRoomList,
  chatRoomOut,
  idParam,
  paginationQuery,
  type ChatMessageList,
  type ChatMessageOut,
  type ChatMessagesQuery,
} from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { offsetOf, pageOf, toPage } from '../../lib/pagination';
import type { ChatService } from './chat.service';

const tags = ['chat'];
const security = [{ bearerAuth: [] }];

/** The message page's links: by cursor (`before` the oldest shown, or `after` the newest) or by page number. */
function messagePage(request: FastifyRequest, q: ChatMessagesQuery, rows: ChatMessageOut[], total: number, more: boolean): ChatMessageList {
  if (q.before === undefined && q.after === undefined) return toPage(request, q, rows, total);
  const link = (name: 'before' | 'after', id: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    url.searchParams.delete('before');
    url.searchParams.delete('after');
    url.searchParams.delete('page');
    url.searchParams.set(name, String(id));
    url.searchParams.set('page_size', String(q.page_size));
    return url.toString();
  };
  const next = !more || !rows.length ? null : q.after !== undefined ? link('after', rows[0]!.id) : link('before', rows.at(-1)!.id);
  return { results: rows, count: total, next, previous: null };
}

export function chatRoutes(app: FastifyInstance, { chat }: { chat: ChatService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const parties = app.requireRole('jobseeker', 'employer');

  r.get('/api/chatrooms/', {
    onRequest: parties,
    schema: {
      tags,
      security,
      summary: 'Own conversations, newest activity first',
      querystring: paginationQuery,
      response: { 200: chatRoomList },
    },
    handler: async (request) => {
      const q = request.query;
      return pageOf(request, await chat.list(viewerOf(request), { limit: q.page_size, offset: offsetOf(q) }));
    },
  });

  r.post('/api/chatrooms/', {
    onRequest: parties,
    schema: {
      tags,
      security,
      summary: 'Open a conversation (400 existing_room, naming it, when the pair has one)',
      body: chatRoomCreate,
      response: { 201: chatRoomOut },
    },
    handler: async (request, reply) => {
      const { room } = await chat.open(viewerOf(request), request.body, 'create');
      return reply.code(201).send(room);
    },
  });

  r.post('/api/chatrooms/get_or_create/', {
    onRequest: parties,
    schema: {
      tags,
      security,
      summary: "The pair's conversation: 200 when it exists, 201 when made",
      body: chatRoomCreate,
      response: { 200: chatRoomOut, 201: chatRoomOut },
    },
    handler: async (request, reply) => {
      const { room, created } = await chat.open(viewerOf(request), request.body, 'get_or_create');
      return reply.code(created ? 201 : 200).send(room);
    },
  });

  r.get('/api/chatrooms/:id/', {
    onRequest: parties,
    schema: { tags, security, summary: 'A conversation', params: idParam, response: { 200: chatRoomOut } },
    handler: (request) => chat.get(viewerOf(request), request.params.id),
  });

  r.get('/api/chatrooms/:id/messages/', {
    onRequest: parties,
    schema: {
      tags,
      security,
      summary: 'Messages, newest first (before=<id> pages back, after=<id> catches up)',
      params: idParam,
      querystring: chatMessagesQuery,
      response: { 200: chatMessageList },
    },
    handler: async (request) => {
      const { rows, total, more } = await chat.messages(viewerOf(request), request.params.id, request.query);
      return messagePage(request, request.query, rows, total, more);
    },
  });

  r.post('/api/chatrooms/:id/messages/', {
    onRequest: parties,
    schema: {
      tags,
      security,
      summary: 'Send a message (the same client_id again answers 200 with the first one)',
      params: idParam,
      body: chatMessageCreate,
      response: { 200: chatMessageOut, 201: chatMessageOut },
    },
    handler: async (request, reply) => {
      const { message, created } = await chat.send(viewerOf(request), request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(message);
    },
  });

  r.post('/api/chatrooms/:id/read/', {
    onRequest: parties,
    schema: {
      tags,
      security,
      summary: "Mark the other side's messages read up to a message",
      params: idParam,
      body: chatReadRequest,
      response: { 200: chatReadOut },
    },
    handler: (request) => chat.read(viewerOf(request), request.params.id, request.body.up_to),
  });
}

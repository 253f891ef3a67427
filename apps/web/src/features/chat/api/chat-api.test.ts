import { describe, expect, it } from 'vitest';
import { mergeMessages, type RoomMessages, type ShownMessage } from './chat-api';

const message = (id: number, extra: Partial<ShownMessage> = {}): ShownMessage => ({
  id,
  room: 1,
  sender: { id: 7, full_name: 'Ada' },
  content: `m${id}`,
  client_id: `c${id}`,
  created_at: '2026-11-25T10:00:00Z',
  read_at: null,
  ...extra,
});

describe('mergeMessages', () => {
  it('replaces a temporary message by the stored one, never twice, in order', () => {
    const list: RoomMessages = { messages: [message(1)], hasOlder: false };
    mergeMessages(list, [message(-5, { client_id: 'c9', delivery: 'sending' })]);
    mergeMessages(list, [message(9, { client_id: 'c9' })]);
    mergeMessages(list, [message(9, { client_id: 'c9' }), message(3)]);
    expect(list.messages.map((m) => m.id)).toEqual([1, 3, 9]);
    // A late temporary copy does not replace the stored one.
    mergeMessages(list, [message(-6, { client_id: 'c9', delivery: 'failed' })]);
    expect(list.messages.map((m) => m.id)).toEqual([1, 3, 9]);
  });

  it('keeps a read receipt that arrived before an older copy of the message', () => {
    const list: RoomMessages = { messages: [message(4, { read_at: '2026-11-25T10:01:00Z' })], hasOlder: false };
    mergeMessages(list, [message(4)]);
    expect(list.messages[0]!.read_at).toBe('2026-11-25T10:01:00Z');
  });
});

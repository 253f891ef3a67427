import { describe, expect, it, vi } from 'vitest';
import { createEventBus, type DomainEvents } from './events';

const created: DomainEvents['application.created'] = {
  applicationId: 1,
  jobId: 2,
  jobTitle: 'Job',
  companyName: 'Co',
  jobseekerId: 3,
  jobseekerName: 'Sam',
  employerId: 4,
};

describe('event bus', () => {
  it('calls every listener of an event and waits for them; a failing one is logged, not thrown', async () => {
    const log = { error: vi.fn() };
    const bus = createEventBus(log);
    const heard: string[] = [];
    bus.on('application.created', async (e) => {
      await new Promise((r) => setTimeout(r, 5));
      heard.push(`slow ${e.applicationId}`);
    });
    const off = bus.on('application.created', () => {
      throw new Error('boom');
    });
    bus.on('application.status_changed', () => {
      heard.push('other event');
    });
    await bus.emit('application.created', created);
    expect(heard).toEqual(['slow 1']);
    expect(log.error).toHaveBeenCalledTimes(1);
    off();
    await bus.emit('application.created', created);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

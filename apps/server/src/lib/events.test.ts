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
    let letSlowOneFinish!: () => void;
    const slowOneMayFinish = new Promise<void>((resolve) => (letSlowOneFinish = resolve));
    bus.on('application.created', async (e) => {
      await slowOneMayFinish;
      heard.push(`slow ${e.applicationId}`);
    });
    const off = bus.on('application.created', () => {
      throw new Error('boom');
    });
    bus.on('application.status_changed', () => {
      heard.push('other event');
    });
    let emitted = false;
    const emitting = bus.emit('application.created', created).then(() => (emitted = true));
    // emit waits for the slow listener: however many turns pass, it has not finished before the listener does.
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    expect(emitted).toBe(false);
    letSlowOneFinish();
    await emitting;
    expect(heard).toEqual(['slow 1']);
    expect(log.error).toHaveBeenCalledTimes(1);
    off();
    await bus.emit('application.created', created);
    expect(log.error).toHaveBeenCalledTimes(1);
  });
});

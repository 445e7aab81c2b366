import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../../electron/backend/events.ts';

describe('EventBus', () => {
  it('tells the log of a listener that threw, with the event’s name, and still reaches the others', () => {
    const logged: Array<[string, unknown]> = [];
    const bus = new EventBus((message, error) => logged.push([message, error]));
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('window gone');
    });
    bus.subscribe((name) => heard.push(name));
    bus.emit('catalog.updated', { packageCount: 3 });
    expect(heard).toEqual(['catalog.updated']);
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toBe('a listener of catalog.updated failed');
    expect((logged[0]![1] as Error).message).toBe('window gone');
  });
});

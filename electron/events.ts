import type { EventName, Events } from '../shared/contract.ts';

export type EventListener = <E extends EventName>(name: E, payload: Events[E]) => void;

/** Fan-out of backend events to every window (IPC) or browser tab (server-sent events). */
export class EventBus {
  #listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: Events[E]): void {
    for (const listener of this.#listeners) {
      try {
        listener(name, payload);
      } catch {
        // One broken window must not stop the others from hearing the event.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

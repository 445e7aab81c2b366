import type { EventName, Events } from '../../shared/contract.ts';

export type EventListener = <E extends EventName>(name: E, payload: Events[E]) => void;

/** Fan-out of backend events to every window (IPC) or browser tab (server-sent events). */
export class EventBus {
  #listeners = new Set<EventListener>();
  readonly #log: (message: string, error?: unknown) => void;

  /** `log` hears of a listener that threw (a window gone mid-send); the others still get the event. */
  constructor(log: (message: string, error?: unknown) => void = (message, error) => console.error(message, error)) {
    this.#log = log;
  }

  emit<E extends EventName>(name: E, payload: Events[E]): void {
    for (const listener of this.#listeners) {
      try {
        listener(name, payload);
      } catch (error) {
        // One broken window must not stop the others from hearing the event.
        this.#log(`a listener of ${name} failed`, error);
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

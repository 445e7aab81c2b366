import './live-words.css';

/**
 * Words a screen reader says politely when they change, not shown (the screen shows the same
 * state its own way). Always in the page while its flow is, empty when there is nothing to say:
 * a live region that appears with its words already in it is often not read at all. The one live
 * region of its part of the screen, so nothing is said twice.
 */
export function LiveWords({ words }: { words: string }) {
  return (
    <p className="live-words" role="status">
      {words}
    </p>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A table wider than the window (a narrow one, or 200 % zoom) scrolls sideways inside this box, not
 * the whole page (WCAG 1.4.10). While it does, the box is a named group and a Tab stop (not a region: it sits in one already), so the
 * arrow keys can scroll it; while the table fits, it is neither.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    // Without ResizeObserver (jsdom) the box stays plain.
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="table-scroll"
      role={scrolls ? 'group' : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}

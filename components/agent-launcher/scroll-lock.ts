// Locks the host page's scroll while the full-screen panel is open, and gives back the style and position it found.

export interface ScrollLock {
  /** Restores the root's own overflow style and the scroll position from before the lock. */
  release(): void;
}

export function lockPageScroll(): ScrollLock {
  const root = document.documentElement;
  const overflow = root.style.overflow;
  const x = scrollX;
  const y = scrollY;
  root.style.overflow = 'hidden';
  return {
    release() {
      root.style.overflow = overflow;
      scrollTo(x, y);
    },
  };
}

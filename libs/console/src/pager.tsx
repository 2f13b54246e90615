/** "Previous page" and "Next page" under a paged table, with the page's number. */
export function Pager({ label, page, previous, next }: { label: string; page: number; previous: (() => void) | null; next: (() => void) | null }) {
  if (!previous && !next) return null;
  return (
    <nav class="pager" aria-label={label}>
      <button type="button" disabled={!previous} onClick={() => previous?.()}>
        Previous page
      </button>
      <span>{`Page ${page}`}</span>
      <button type="button" disabled={!next} onClick={() => next?.()}>
        Next page
      </button>
    </nav>
  );
}

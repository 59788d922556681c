// Previous / Next links between the pages of a list, with "Page X of Y". Plain links carrying the
// list's query, so paging works without JavaScript; used by server pages and islands alike.

export function Pager({ page, pages, hrefFor, total }: { page: number; pages: number; hrefFor: (page: number) => string; total?: string }) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <a className="btn-outline no-underline" href={hrefFor(Math.min(page - 1, pages))} rel="prev">
          Previous
        </a>
      ) : null}
      <span className="text-muted">{`Page ${page} of ${pages}${total ? ` (${total})` : ''}`}</span>
      {page < pages ? (
        <a className="btn-outline no-underline" href={hrefFor(page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  );
}

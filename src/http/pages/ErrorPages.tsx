// The 404 and error pages, with a way back home: static (no live parts), apart from 403 (see errors.tsx).

export function ErrorCard({ code, heading, text }: { code: string; heading: string; text: string }) {
  return (
    <section className="card mx-auto mt-6 max-w-lg p-8 text-center sm:mt-16 sm:p-10">
      <p className="font-display text-6xl font-bold text-accent">{code}</p>
      <h1 className="mt-4 text-2xl font-bold">{heading}</h1>
      <p className="mt-2 text-muted">{text}</p>
      <a href="/" className="btn-primary mt-8 no-underline">
        Back to home
      </a>
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorCard code="404" heading="Page not found" text="There is nothing at this address. It may have moved, or the link may be mistyped." />;
}

export function ErrorPage({ status, message, requestId }: { status: number; message: string; requestId: string }) {
  return (
    <div>
      <ErrorCard
        code={String(status)}
        heading={status >= 500 ? 'Something went wrong' : status === 403 ? 'Not authorised' : 'That did not work'}
        text={message}
      />
      <p className="mt-4 text-center text-xs text-muted">
        Reference: <code>{requestId}</code>
      </p>
    </div>
  );
}

// A page whose issue is still open shows its heading and says so honestly (foundation issue, "Done when").
export function PlaceholderPage({ title, note }: { title: string; note?: string }) {
  return (
    <section className="page container">
      <h1>{title}</h1>
      <p className="placeholder-note">{note ?? "This page is being built. Please check back soon."}</p>
    </section>
  );
}

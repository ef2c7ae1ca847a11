// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
import { redirect } from "next/navigation";
import DOMPurify from "isomorphic-dompurify";

export default function Search({ searchParams }: { searchParams: { q: string; next?: string } }) {
  const q = searchParams.q;
  if (searchParams.next) redirect(searchParams.next); // vuln: open-redirect
  redirect("/search"); // safe: open-redirect constant
  return (
    <main>
      <div dangerouslySetInnerHTML={{ __html: q }} /> {/* vuln: xss */}
      <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(q) }} /> {/* safe: xss sanitized */}
      <div dangerouslySetInnerHTML={{ __html: "<b>Results</b>" }} /> {/* safe: xss constant */}
      <p>{q}</p>
    </main>
  );
}

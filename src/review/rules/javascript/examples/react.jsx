export function Post({ post }) {
  return (
    <div>
      <div dangerouslySetInnerHTML={{ __html: post.body }} /> {/* expect: js.react-dangerous-html */}
      <div dangerouslySetInnerHTML={{ __html: sanitize(post.body) }} /> {/* ok: js.react-dangerous-html */}
    </div>
  );
}

// Markdown rendered, then sanitized into the variable the attribute reads.
export function Comment({ body }) {
  const html = DOMPurify.sanitize(marked.parse(body));
  return <div dangerouslySetInnerHTML={{ __html: html }} />; {/* ok: js.react-dangerous-html */}
}

// The sanitized copy is made but the raw rendering is what the attribute reads.
export function Preview({ body }) {
  const clean = DOMPurify.sanitize(body);
  const html = marked.parse(body);
  return <div title={clean} dangerouslySetInnerHTML={{ __html: html }} />; {/* expect: js.react-dangerous-html */}
}

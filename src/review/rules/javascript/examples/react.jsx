export function Post({ post }) {
  return (
    <div>
      <div dangerouslySetInnerHTML={{ __html: post.body }} /> {/* expect: js.react-dangerous-html */}
      <div dangerouslySetInnerHTML={{ __html: sanitize(post.body) }} /> {/* ok: js.react-dangerous-html */}
    </div>
  );
}

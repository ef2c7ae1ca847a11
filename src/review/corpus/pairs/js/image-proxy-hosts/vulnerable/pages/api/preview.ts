interface ApiRequest {
  query: Record<string, string | string[] | undefined>;
}
interface ApiResponse {
  status(code: number): ApiResponse;
  json(body: unknown): void;
  setHeader(name: string, value: string): void;
  send(body: Buffer | string): void;
}

export default async function preview(req: ApiRequest, res: ApiResponse) {
  const raw = Array.isArray(req.query.src) ? req.query.src[0] : req.query.src;
  if (!raw) return res.status(400).json({ error: 'src required' });
  const upstream = await fetch(raw); // vuln: ssrf
  res.setHeader('content-type', upstream.headers.get('content-type') ?? 'application/octet-stream');
  res.send(Buffer.from(await upstream.arrayBuffer()));
}

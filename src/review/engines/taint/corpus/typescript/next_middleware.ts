// @ts-nocheck
// Next.js middleware: redirects built from a path of the app's own against the request's URL stay on the site;
// a path the request names can start with `//` and leave it.
import { NextRequest, NextResponse } from "next/server";

export function middleware(request: NextRequest) {
  if (!request.cookies.get("session")) {
    return NextResponse.redirect(new URL("/login", request.url)); // safe: open-redirect fixed path on the request's own origin
  }
  if (request.nextUrl.pathname.startsWith("/old/")) {
    return NextResponse.redirect(new URL(`/new/${request.nextUrl.pathname.slice(5)}`, request.url)); // safe: open-redirect fixed first segment
  }
  const next = request.nextUrl.searchParams.get("next") ?? "/";
  if (request.nextUrl.pathname === "/done") {
    return NextResponse.redirect(new URL(next, request.url)); // vuln: open-redirect
  }
  if (request.nextUrl.pathname === "/go") {
    return NextResponse.redirect(new URL(`/${next}`, request.url)); // vuln: open-redirect
  }
  return NextResponse.next();
}

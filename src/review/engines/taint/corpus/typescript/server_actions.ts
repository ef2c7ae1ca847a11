// @ts-nocheck: corpus sample, parsed by the taint engine, never compiled or run.
"use server";
// Next.js server actions: the form data is what the browser posted.
import { sql, db } from "@/lib/db";
import { redirect } from "next/navigation";

export async function createNote(formData: FormData) {
  const title = formData.get("title");
  await db.query(`INSERT INTO notes (title) VALUES ('${title}')`); // vuln: sql-injection
}

export async function createNoteBound(formData: FormData) {
  await db.query("INSERT INTO notes (title) VALUES ($1)", [formData.get("title")]); // safe: sql-injection parameterized
}

export async function removeNote(formData: FormData) {
  const id = Number(formData.get("id"));
  await db.query(`DELETE FROM notes WHERE id = ${id}`); // safe: sql-injection number
}

export async function goBack(formData: FormData) {
  redirect(String(formData.get("next"))); // vuln: open-redirect
}

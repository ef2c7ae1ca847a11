// Focuses, upload slots and context documents (filled in by the focuses & documents work).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DocumentTables {}

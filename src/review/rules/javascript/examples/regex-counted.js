// Validators whose patterns bound some parts with large counts: a digest of 40 to 90 characters, a
// host label of up to 63, a type of up to 127. The counts hide nothing: an unbounded group beside them
// decides how matching grows.

// A subresource-integrity parser: options after the digest repeat as a group whose body may begin
// with another `?`, so a run of `?` splits every way there is.
const STRICT_INTEGRITY = /^([a-z0-9]+)-([A-Za-z0-9+/=]{40,90})(\?[\x21-\x7E]*)*$/; // expect: js.redos
// Its fixed release: at most one options part.
const STRICT_INTEGRITY_FIXED = /^([a-z0-9]+)-([A-Za-z0-9+/=]{40,90})(\?[\x21-\x7E]*)?$/; // ok: js.redos
exports.isIntegrity = (value, fixed) => (fixed ? STRICT_INTEGRITY_FIXED : STRICT_INTEGRITY).test(value);

// A host name checked label by label: each label ends on a letter or digit, so dots split it one way.
const HOST = /^[a-z0-9](?:[a-z0-9-]{0,63}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,63}[a-z0-9])?)*$/i; // ok: js.redos
// The same label repeated without a separator: a run of letters splits into labels every way.
const HOST_RUN = /^(?:[a-z0-9-]{0,63}[a-z0-9])+$/i; // expect: js.redos
exports.isHost = (name) => HOST.test(name) && !HOST_RUN.test(name);

// A media type: two bounded words around one slash.
exports.isMediaType = (type) => /^ *([A-Za-z0-9][A-Za-z0-9!#$&^_-]{0,126})\/([A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}) *$/.test(type); // ok: js.redos

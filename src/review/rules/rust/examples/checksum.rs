// A file with one kind of hash only: the rule must run without the others' names present.
fn checksum(data: &[u8]) -> String {
    let digest = md5::compute(data); // expect: rs.weak-hash
    format!("{:x}", digest)
}

fn checksum_sha256(data: &[u8]) -> Vec<u8> {
    sha2::Sha256::digest(data).to_vec() // ok: rs.weak-hash
}

-- People's accounts (issue 58): an account and its name (unique by its key: case and
-- look-alike letters folded), its passkeys (webauthn-rs's JSON of each), and its
-- sessions. Only hashes of secrets are kept: the recovery code's and each session
-- token's SHA-256, as hex. Times are seconds since 1970.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    handle TEXT NOT NULL,
    recovery TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    passkey TEXT NOT NULL,
    created BIGINT NOT NULL,
    used BIGINT
);
CREATE INDEX passkeys_account ON passkeys (account);
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);
CREATE INDEX sessions_account ON sessions (account);

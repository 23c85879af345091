# The cardtable image: one binary, `cardtable`, whose `serve` runs a node
# (docs/DEPLOY.md). Built from the repository's root: `docker build -t cardtable .`
FROM rust:1.95-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p cardtable

FROM debian:bookworm-slim
# The binary links OpenSSL (webauthn-rs, for passkeys).
RUN apt-get update && apt-get install -y --no-install-recommends libssl3 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
RUN useradd --system --home-dir /data --create-home cardtable
COPY --from=build /src/target/release/cardtable /usr/local/bin/cardtable
USER cardtable
WORKDIR /data
EXPOSE 8080
ENTRYPOINT ["cardtable"]
# One node on SQLite: the file lives in the /data volume.
CMD ["serve", "--listen", "0.0.0.0:8080", "--data", "/data/cardtable.sqlite"]

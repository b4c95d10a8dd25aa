# syntax=docker/dockerfile:1
# An S3-compatible server for where no registry serves MinIO (issue 24): s3rver from the npm registry
# behind libs/infra's Signature Version 4 check, with MinIO's command line and keys
# (deploy/images/s3/chitram-s3.mjs). `npm run images` builds it on the Node bases it made, from the root:
#
#   docker build -f deploy/images/s3.Dockerfile --build-arg S3RVER_VERSION=4.0.4 \
#     --build-arg MINIO_VERSION=8.0.7 -t chitram-local/s3:local .
#
# The versions are the workspace's (package-lock.json), given by `npm run images`.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG RUNTIME_IMAGE=${NODE_IMAGE}

FROM ${NODE_IMAGE} AS dependencies
WORKDIR /opt/chitram-s3
ARG S3RVER_VERSION
ARG MINIO_VERSION
RUN test -n "$S3RVER_VERSION" && test -n "$MINIO_VERSION" \
 || { echo "S3RVER_VERSION and MINIO_VERSION are required (npm run images gives them)" >&2; exit 1; }
RUN echo '{"name":"chitram-s3","private":true,"type":"module"}' > package.json \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
      "@20minutes/s3rver@$S3RVER_VERSION" "minio@$MINIO_VERSION"

FROM ${RUNTIME_IMAGE} AS runtime
WORKDIR /opt/chitram-s3
COPY --from=dependencies /opt/chitram-s3 ./
COPY libs/infra/lib/s3rver-main.mjs libs/infra/lib/s3rver-store.mjs libs/infra/lib/sigv4.mjs \
     libs/infra/lib/probes.mjs libs/infra/lib/processes.mjs ./lib/
COPY deploy/images/s3/chitram-s3.mjs ./
RUN echo 'chitram:x:10001:10001:Chitram S3:/nonexistent:/usr/sbin/nologin' >> /etc/passwd \
 && echo 'chitram:x:10001:' >> /etc/group \
 && mkdir /data && chown 10001:10001 /data
USER 10001:10001
EXPOSE 9000
VOLUME /data
HEALTHCHECK --interval=5s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "/opt/chitram-s3/chitram-s3.mjs", "ready"]
ENTRYPOINT ["node", "/opt/chitram-s3/chitram-s3.mjs"]
CMD ["server", "/data"]

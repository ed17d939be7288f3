# Stowage as a container image: `stowage console --operator` in a cluster by default (deploy/kubernetes/),
# and every other stowage command with other arguments.
#
# Build: docker build -t stowage:latest .  (Node 24 LTS; Node 20 reached end of life in April 2026)
# Two stages: the first installs everything and builds; the second carries only the production
# dependencies and the compiled output, runs as an unprivileged user, and holds no compiler, no
# sources and no npm cache.

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build \
 # Only what `stowage` needs at run time: the CLI workspace's production dependency tree.
 && rm -rf node_modules \
 && npm ci --omit=dev --no-audit --no-fund --workspace @stowage/cli --include-workspace-root=false \
 && mkdir -p /out/apps/console-web \
 && cp -r package.json node_modules /out/ \
 && for w in packages/sizing packages/contract packages/madmin packages/policy packages/multipart packages/store apps/console-api apps/cli; do \
      mkdir -p /out/$w && cp -r $w/package.json $w/dist /out/$w/; \
    done \
 && cp -r apps/cli/bin /out/apps/cli/ \
 && cp -r apps/console-web/package.json apps/console-web/dist /out/apps/console-web/

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /opt/stowage
COPY --from=build /out/ ./
# A fixed numeric user, so `runAsNonRoot` can verify it without reading /etc/passwd.
USER 10001:10001
# 9090: the console; 9000: the S3 API when the image runs `stowage start` or `stowage server`.
EXPOSE 9090 9000
ENTRYPOINT ["node", "/opt/stowage/apps/cli/bin/stowage.mjs"]
CMD ["console", "--operator", "--address", "0.0.0.0"]

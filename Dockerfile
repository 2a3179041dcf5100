# syntax=docker/dockerfile:1
# Multi-stage: build with dev dependencies, run with production dependencies only.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# janus-pp-rec decodes the .mjr recordings of SIP calls (PHONE_PROVIDER=sip) before the API mixes and stores them;
# espeak-ng speaks the recording announcement campaigns may play to the lead (docs/telephony.md).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends janus-tools espeak-ng \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "dist/server/api.js"]

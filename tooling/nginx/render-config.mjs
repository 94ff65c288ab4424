#!/usr/bin/env node
// The nginx configuration of a production host: the web app's and the signing app's static builds
// and the api, each a TLS server with HTTP/2, every security header of the builds' `dist/_headers`
// (the Content-Security-Policy computed from the deployment's api address), `index.html` for every
// path that is not a file, hashed assets cached for a year, and the embedded pages' per-team
// `frame-ancestors` asked of the api with `auth_request`. The README's "Production behind nginx"
// section runs it; the browser suite serves its builds through what it writes.
//
//   node tooling/nginx/render-config.mjs --web-dist apps/web/dist --sign-dist apps/sign/dist \
//     --web-name app.paraphe.example --sign-name sign.paraphe.example \
//     --api-name api.paraphe.example --api-upstream 127.0.0.1:3000 \
//     --certificate /etc/ssl/paraphe/fullchain.pem --key /etc/ssl/paraphe/privkey.pem \
//     > /etc/nginx/conf.d/paraphe.conf
//
// Every server listens on 443 unless `--web-port`, `--sign-port` or `--api-port` say otherwise.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";

/** The embedded pages of each app (what follows `/embed/` is what the api is asked about). */
const EMBEDDED_PAGES = {
  sign: "(sign/[0-9a-fA-F-]{36}|d/[A-Za-z0-9_-]{32})",
  web: "(edit/pet_[A-Za-z0-9_-]{32})",
};

/** The largest request body the api takes (an upload of several documents, base64 in JSON). */
const API_MAX_BODY = "64m";

/**
 * The headers of every response of a build, read from its `dist/_headers` (the `/*` block): an
 * array of `[name, value]`.
 */
export function headersOf(headersFile) {
  const lines = readFileSync(headersFile, "utf8").split("\n");
  const headers = [];
  let inAll = false;
  for (const line of lines) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!line.startsWith(" ")) {
      inAll = line.trim() === "/*";
      continue;
    }
    const match = /^\s+([A-Za-z-]+):\s*(.*)$/.exec(line);
    if (inAll && match) headers.push([match[1], match[2].trim()]);
  }
  if (!headers.some(([name]) => name === "Content-Security-Policy")) {
    throw new Error(`${headersFile} has no Content-Security-Policy for /*: build the app first`);
  }
  return headers;
}

function quoted(value) {
  if (/["\\$\n]/.test(value)) throw new Error(`a header value nginx cannot quote: ${value}`);
  return `"${value}"`;
}

function addHeaders(headers, indent) {
  return headers.map(([name, value]) => `${indent}add_header ${name} ${quoted(value)} always;`);
}

/** The headers of an embedded page: the build's, framed by the team's origins instead of none. */
function embeddedHeaders(headers) {
  return headers
    .filter(([name]) => name !== "X-Frame-Options")
    .map(([name, value]) =>
      name === "Content-Security-Policy"
        ? [name, value.replace(/;?\s*frame-ancestors [^;]*/, "")]
        : [name, value],
    );
}

function tls(options, port) {
  return [
    `  listen ${port} ssl http2;`,
    `  ssl_certificate ${options.certificate};`,
    `  ssl_certificate_key ${options.key};`,
    "  ssl_protocols TLSv1.2 TLSv1.3;",
    "  ssl_session_cache shared:paraphe_tls:10m;",
  ];
}

function appServer(options, app) {
  const headers = headersOf(resolve(app.dist, "_headers"));
  const embedded = embeddedHeaders(headers);
  const csp = embedded.find(([name]) => name === "Content-Security-Policy")[1];
  const lines = [
    "server {",
    ...tls(options, app.port),
    `  server_name ${app.name};`,
    `  root ${resolve(app.dist)};`,
    ...addHeaders(headers, "  "),
    "",
    "  location / {",
    "    try_files $uri /index.html;",
    "  }",
    "  # The page itself is asked again at each visit, so that a deploy is seen at once.",
    "  location = /index.html {",
    ...addHeaders(headers, "    "),
    '    add_header Cache-Control "no-cache" always;',
    "  }",
    "  # Hashed file names: the content of a name never changes.",
    "  location /assets/ {",
    ...addHeaders(headers, "    "),
    '    add_header Cache-Control "public, max-age=31536000, immutable" always;',
    "  }",
    "  location = /_headers {",
    "    return 404;",
    "  }",
    "  # An embedded page may be framed by the origins its team allows: the api says which.",
    // Quoted: nginx reads an unquoted `{` as the block's start.
    `  location ~ "^/embed/${EMBEDDED_PAGES[app.kind]}/?$" {`,
    "    set $embedded_page $1;",
    "    auth_request /_paraphe_frame_ancestors;",
    "    auth_request_set $frame_ancestors $upstream_http_paraphe_frame_ancestors;",
    ...addHeaders(
      embedded.filter(([name]) => name !== "Content-Security-Policy"),
      "    ",
    ),
    `    add_header Content-Security-Policy "${csp}; frame-ancestors $frame_ancestors" always;`,
    '    add_header Cache-Control "no-store" always;',
    "    try_files /index.html =404;",
    "  }",
    "  location = /_paraphe_frame_ancestors {",
    "    internal;",
    "    proxy_pass http://paraphe_api/public/frame-ancestors/$embedded_page;",
    "    proxy_pass_request_body off;",
    '    proxy_set_header Content-Length "";',
    "  }",
    "}",
  ];
  return lines.join("\n");
}

function apiServer(options) {
  return [
    "server {",
    ...tls(options, options.api.port),
    `  server_name ${options.api.name};`,
    `  client_max_body_size ${API_MAX_BODY};`,
    "  location / {",
    "    proxy_pass http://paraphe_api;",
    "    proxy_http_version 1.1;",
    "    # The Host the client addressed, port included: the request's signature covers it (`$host`",
    "    # drops the port, and a call to a server on another port than 443 would be refused).",
    "    proxy_set_header Host $http_host;",
    "    # The api believes X-Forwarded-For from the proxies of TRUSTED_PROXIES (this host).",
    "    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
    "    proxy_set_header X-Forwarded-Proto $scheme;",
    "    proxy_read_timeout 120s;",
    "  }",
    "}",
  ].join("\n");
}

/** The configuration (an `http` block's contents): the api's upstream and the three servers. */
export function renderNginxConfig(options) {
  return [
    "# Paraphe: written by tooling/nginx/render-config.mjs from the builds' dist/_headers.",
    "upstream paraphe_api {",
    `  server ${options.api.upstream};`,
    "  keepalive 16;",
    "}",
    "",
    appServer(options, { ...options.web, kind: "web" }),
    "",
    appServer(options, { ...options.sign, kind: "sign" }),
    "",
    apiServer(options),
    "",
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      "web-dist": { type: "string" },
      "sign-dist": { type: "string" },
      "web-name": { type: "string" },
      "sign-name": { type: "string" },
      "api-name": { type: "string" },
      "api-upstream": { type: "string", default: "127.0.0.1:3000" },
      "web-port": { type: "string", default: "443" },
      "sign-port": { type: "string", default: "443" },
      "api-port": { type: "string", default: "443" },
      certificate: { type: "string" },
      key: { type: "string" },
    },
  });
  const missing = [
    "web-dist",
    "sign-dist",
    "web-name",
    "sign-name",
    "api-name",
    "certificate",
    "key",
  ]
    .filter((name) => !values[name])
    .map((name) => `--${name}`);
  if (missing.length > 0) {
    console.error(`render-config: missing ${missing.join(", ")}`);
    process.exit(2);
  }
  process.stdout.write(
    renderNginxConfig({
      certificate: values.certificate,
      key: values.key,
      web: { dist: values["web-dist"], name: values["web-name"], port: values["web-port"] },
      sign: { dist: values["sign-dist"], name: values["sign-name"], port: values["sign-port"] },
      api: { name: values["api-name"], port: values["api-port"], upstream: values["api-upstream"] },
    }),
  );
}

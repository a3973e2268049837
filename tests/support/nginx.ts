import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { mayInstall } from "./requirements.ts";
import { answers, freePort } from "./ports.ts";

/** A running nginx serving one folder. */
export interface Nginx {
  origin: string;
  /** The generated nginx.conf, for error messages. */
  config: string;
  stop(): Promise<void>;
}

/**
 * Finds nginx: $NGINX_PATH, then Debian's /usr/sbin/nginx, then PATH. Where none is found and we
 * run as root on Debian, installs Debian's package, and says so.
 */
export function findNginx(): string {
  const candidates = [
    process.env["NGINX_PATH"],
    "/usr/sbin/nginx",
    "/usr/bin/nginx",
    "/usr/local/sbin/nginx",
    "/usr/local/bin/nginx",
  ];
  const found = candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
  if (found) return found;
  // Only on CI or when the maintainer opted in (tests/support/requirements.ts); never silently.
  if (mayInstall() && process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
    console.warn("No nginx found: installing Debian's nginx package (apt-get install -y nginx).");
    execFileSync(
      "sh",
      [
        "-c",
        "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx",
      ],
      { stdio: "inherit" },
    );
    if (existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  }
  throw new Error(
    "No nginx found. Set NGINX_PATH, or install it (Debian: sudo apt-get install nginx; or RANCH_SITE_INSTALL=1).",
  );
}

/** The mime.types nginx ships; a small table where there is none. */
function mimeTypes(): string {
  const shipped = ["/etc/nginx/mime.types", "/usr/local/etc/nginx/mime.types", "/usr/local/nginx/conf/mime.types"].find(
    (file) => existsSync(file),
  );
  if (shipped) return `include ${shipped};`;
  return `types {
    text/html html; text/css css; application/javascript js; image/svg+xml svg; image/png png;
    image/jpeg jpg jpeg; image/webp webp; text/plain txt; text/xml xml; application/json json; font/woff2 woff2;
  }`;
}

/**
 * Starts nginx in the foreground on a free port of 127.0.0.1, with a minimal configuration in a
 * temp folder (pid, logs and temp files there too, so it runs without root and on a fresh
 * machine): one server whose root is `root`, including `include` (the site's nginx.conf).
 */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  // The free port may be taken between asking and binding: try again on a fresh one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= 3 || !/Address already in use/.test(String(error))) throw error;
    }
  }
}

/**
 * `root` served with `include`. `user`: as a packaged nginx runs, a master as root whose workers switch to
 * this unprivileged user (`nobody nogroup`), so they read only what the user's modes let everyone read.
 */
interface NginxOptions {
  root: string;
  include: string;
  user?: string;
}

async function startOnce(options: NginxOptions): Promise<Nginx> {
  const binary = findNginx();
  const dir = await mkdtemp(path.join(os.tmpdir(), "ranch-nginx-"));
  const port = await freePort();
  const errorLog = path.join(dir, "error.log");
  const config = `# Test server for ranch-site (tests/support/nginx.ts).
daemon off;
${
  options.user
    ? `# As a packaged nginx runs: workers as an unprivileged user, who reads only what everyone may.\nuser ${options.user};`
    : `# One process as the current user: workers switching to "nobody" could not read the temp folders.\nmaster_process off;`
}
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 64; }
http {
    ${mimeTypes()}
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    server {
        listen 127.0.0.1:${port};
        root ${options.root};
        include ${options.include};
    }
}
`;
  const configFile = path.join(dir, "nginx.conf");
  await writeFile(configFile, config);
  // -e: the error log before the configuration is read (the default one may not be writable).
  const child = spawn(binary, ["-p", dir, "-e", errorLog, "-c", configFile], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.once("error", (error) => (stderr += String(error)));

  const failure = async (reason: string) => {
    child.kill("SIGTERM");
    const log = await readFile(errorLog, "utf8").catch(() => "");
    await rm(dir, { recursive: true, force: true });
    return new Error(`nginx ${reason}.\n${stderr}${log}\nConfiguration:\n${config}`);
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = await Promise.race([exited.then((code) => ({ exited: code })), answers(port).then((up) => ({ up }))]);
    if ("exited" in state) throw await failure(`exited with code ${state.exited} before it answered`);
    if (state.up) break;
    if (Date.now() > deadline) throw await failure(`did not answer on 127.0.0.1:${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    origin: `http://127.0.0.1:${port}`,
    config,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `nginx -t` on a configuration that includes `include`; returns nginx's report or throws it. */
export async function testNginxConfig(options: { root: string; include: string }): Promise<string> {
  const binary = findNginx();
  const dir = await mkdtemp(path.join(os.tmpdir(), "ranch-nginx-t-"));
  const configFile = path.join(dir, "nginx.conf");
  await writeFile(
    configFile,
    `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents {}\nhttp {\n    ${mimeTypes()}\n    access_log off;\n    client_body_temp_path ${dir}/client_body;\n    proxy_temp_path ${dir}/proxy;\n    fastcgi_temp_path ${dir}/fastcgi;\n    uwsgi_temp_path ${dir}/uwsgi;\n    scgi_temp_path ${dir}/scgi;\n    server {\n        listen 127.0.0.1:1;\n        root ${options.root};\n        include ${options.include};\n    }\n}\n`,
  );
  try {
    const result = spawnSyncText(binary, ["-t", "-q", "-p", dir, "-e", path.join(dir, "error.log"), "-c", configFile]);
    if (result.status !== 0) throw new Error(`nginx -t failed:\n${result.output}`);
    return result.output;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function spawnSyncText(binary: string, args: string[]): { status: number; output: string } {
  try {
    const output = execFileSync(binary, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { status: 0, output };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string };
    return { status: failed.status ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

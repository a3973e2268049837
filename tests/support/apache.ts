/**
 * Debian's Apache, run as shared hosting runs it: a folder uploaded by FTP (fresh modes, nothing of the build's
 * kept), `AllowOverride All` so the site's own `.htaccess` decides, and only the modules such hosts enable
 * (mime, dir, rewrite, headers, setenvif; no deflate or brotli). Started in the foreground with a configuration
 * file of its own in a temp folder, on a free port of 127.0.0.1; when started as root, its workers run as an
 * unprivileged user (www-data, else nobody), so a file they may not read answers 403 as it would on the host.
 * Debian's apache2.conf is not read: its rule that refuses `.ht*` files is left out, so the site's `.htaccess`
 * has to refuse itself.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { answers, freePort } from "./ports.ts";

/** A running Apache serving one folder. */
export interface Apache {
  origin: string;
  /** The folder it serves: the uploaded copy. */
  root: string;
  stop(): Promise<void>;
}

const modulesDir = "/usr/lib/apache2/modules";
/** The modules a shared host enables for static sites (mod_authz_core for `Require`). */
const modules = ["mpm_event", "authz_core", "mime", "dir", "rewrite", "headers", "setenvif"];

/** Apache: $APACHE_PATH, else Debian's /usr/sbin/apache2 (tests/support/requirements.ts installs it on CI). */
export function findApache(): string {
  const found = [process.env["APACHE_PATH"], "/usr/sbin/apache2"].find(
    (file): file is string => !!file && existsSync(file),
  );
  if (!found)
    throw new Error("No Apache found. Set APACHE_PATH, or install it (Debian: sudo apt-get install apache2).");
  return found;
}

/** The unprivileged user the workers run as, when Apache starts as root. */
function workerUser(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const users = readFileSync("/etc/passwd", "utf8");
  return ["www-data", "nobody"].find((name) => users.includes(`\n${name}:`) || users.startsWith(`${name}:`));
}

/**
 * Copies a built folder the way an FTP upload lands on a shared host: folders 0755, files 0644, whatever the
 * build's own modes were (its staging folder is 0700).
 */
export async function uploadAsFtp(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  await chmod(to, 0o755);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await uploadAsFtp(source, target);
    else if (entry.isFile()) {
      await copyFile(source, target);
      await chmod(target, 0o644);
    }
  }
}

/**
 * Starts Apache on an FTP-style copy of `site`, with `AllowOverride All`; `under` (`ranch/`) uploads it into
 * that folder of the web root, for a site built with that base path.
 */
export async function startApache(site: string, { under = "" }: { under?: string } = {}): Promise<Apache> {
  const binary = findApache();
  const dir = await mkdtemp(path.join(os.tmpdir(), "ranch-apache-"));
  // The workers must reach the uploaded copy inside it.
  await chmod(dir, 0o755);
  const root = path.join(dir, "htdocs");
  await uploadAsFtp(site, path.join(root, under));
  const port = await freePort();
  const user = workerUser();
  const errorLog = path.join(dir, "error.log");
  const config = `# Test server for ranch-site (tests/support/apache.ts): shared hosting, as far as a site can tell.
ServerRoot ${dir}
DefaultRuntimeDir ${dir}
PidFile ${dir}/apache.pid
Listen 127.0.0.1:${port}
ServerName 127.0.0.1
${modules.map((name) => `LoadModule ${name}_module ${modulesDir}/mod_${name}.so`).join("\n")}
${user ? `User ${user}\nGroup ${user === "nobody" ? "nogroup" : user}` : ""}
StartServers 1
ServerLimit 1
ThreadsPerChild 8
MaxRequestWorkers 8
ErrorLog ${errorLog}
LogLevel warn
TypesConfig /etc/mime.types
DocumentRoot ${root}
<Directory />
    AllowOverride None
    Require all denied
</Directory>
<Directory ${root}>
    Options FollowSymLinks
    AllowOverride All
    Require all granted
</Directory>
`;
  const configFile = path.join(dir, "apache.conf");
  await writeFile(configFile, config);
  const child = spawn(binary, ["-f", configFile, "-DFOREGROUND"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.once("error", (error) => (stderr += String(error)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const failure = async (reason: string) => {
    child.kill("SIGTERM");
    const log = await readFile(errorLog, "utf8").catch(() => "");
    await rm(dir, { recursive: true, force: true });
    return new Error(`Apache ${reason}.\n${stderr}${log}\nConfiguration:\n${config}`);
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    const state = await Promise.race([exited.then((code) => ({ exited: code })), answers(port).then((up) => ({ up }))]);
    if ("exited" in state) throw await failure(`exited with code ${state.exited} before it answered`);
    if (state.up) break;
    if (Date.now() > deadline) throw await failure(`did not answer on 127.0.0.1:${port} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    root,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

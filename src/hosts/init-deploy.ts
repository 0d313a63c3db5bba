/**
 * `dataset-site init-deploy`: writes the deploy configuration into the project, outside the
 * built site, once. A file already there is the operator's and is never written again, so
 * edits survive every build and every later init-deploy.
 */
import { lstat, mkdir, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError, resolveKeyPrefix } from '../shared/index.js';
import { R2_WORKER_BUNDLE } from './bundles.js';
import { wranglerToml } from './cloudflare-r2.js';
import { nginxServerBlock, unnamableInNginx } from './nginx-server.js';

/** Options of {@link initDeploy}. */
export interface InitDeployOptions {
  /** Folder to write the configuration into. @default 'deploy' */
  dir?: string;
  /** Folder of the built site, which nginx serves. @default 'dist' */
  site?: string;
  /** Name of the Worker on Cloudflare. @default 'dataset-site' */
  name?: string;
  /** The R2 bucket the site is published to. @default 'dataset-site' */
  bucket?: string;
  /** The `--prefix` the site is published under, taken as publish takes it (`site` is `site/`). @default '' */
  prefix?: string;
}

/** A file of the deploy configuration, and whether this call wrote it (`false`: it was there and is kept). */
export interface DeployFile {
  path: string;
  written: boolean;
}

/** File names of the deploy configuration, in its folder. */
export const DEPLOY_FILES = { worker: 'wrangler.toml', nginx: 'nginx-server.conf' } as const;

/** A bucket name as R2 and S3 take it: 3 to 63 lowercase letters, digits and hyphens, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** A Worker name as Cloudflare (and wrangler) takes it: 1 to 63 lowercase letters, digits and hyphens. */
const WORKER_NAME = /^[a-z0-9-]{1,63}$/;

/**
 * Writes `wrangler.toml` (the Worker over R2, its `main` the installed package's Worker
 * bundle) and `nginx-server.conf` (a server block including the site's generated rules)
 * into `dir`, each only when it is not there yet. Throws a {@link UserError} for a bucket
 * name R2 refuses, a prefix publish refuses, a `dir` inside the site (publish would upload
 * it), or a configuration file that is there but no file (a folder, a link to nothing);
 * nothing is written then.
 *
 * ### Usage:
 * ```ts
 * for (const file of await initDeploy({ bucket: 'my-bucket' })) console.log(file.path, file.written ? 'written' : 'kept');
 * ```
 */
export async function initDeploy(options: InitDeployOptions = {}): Promise<DeployFile[]> {
  const bucket = options.bucket ?? 'dataset-site';
  if (!BUCKET_NAME.test(bucket))
    throw new UserError(
      `--bucket ${JSON.stringify(bucket)} is not a bucket name: R2 and S3 take 3 to 63 characters, lowercase letters, digits and hyphens, a letter or digit at each end`,
      2,
    );
  const name = options.name ?? 'dataset-site';
  if (!WORKER_NAME.test(name))
    throw new UserError(
      `--name ${JSON.stringify(name)} is not a Worker name: Cloudflare takes 1 to 63 characters, lowercase letters, digits and hyphens`,
      2,
    );
  // As publish keys the site (`site` is `site/`): the Worker reads the very keys publish writes.
  const prefix = resolveKeyPrefix(options.prefix ?? '');
  const site = path.resolve(options.site ?? 'dist');
  const unnamable = unnamableInNginx(site);
  if (unnamable !== undefined)
    throw new UserError(
      `--site ${JSON.stringify(site)} holds ${unnamable}, which an nginx configuration cannot name a path with: move the site to a folder whose path has none, or give another --site`,
      2,
    );
  const dir = path.resolve(options.dir ?? 'deploy');
  // Compared as real paths: a --dir through a symbolic link into the site is inside it.
  const fromSite = path.relative(await realPathOf(site), await realPathOf(dir));
  if (!fromSite.startsWith('..') && !path.isAbsolute(fromSite))
    throw new UserError(
      `--dir ${options.dir ?? 'deploy'} is inside the site's folder ${options.site ?? 'dist'} (--site), so publish would upload the deploy configuration with the site: give a folder outside it, such as deploy`,
      2,
    );
  await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST' && error.code !== 'ENOTDIR') throw error;
    throw new UserError(
      `cannot write the deploy configuration into ${path.relative('.', dir)}: a file stands where that folder should be; move the file away, or give another --dir`,
      74,
    );
  });
  const main = path.relative(dir, fileURLToPath(R2_WORKER_BUNDLE)).split(path.sep).join('/');
  const texts: Record<string, string> = {
    [DEPLOY_FILES.worker]: wranglerToml({
      name,
      main,
      bucket,
      prefix,
    }),
    [DEPLOY_FILES.nginx]: nginxServerBlock(site),
  };
  // Every file looked at before one is written: a folder or a dangling link in the way fails the call, writing nothing.
  const files: DeployFile[] = [];
  for (const name of Object.keys(texts)) {
    const file = path.join(dir, name);
    files.push({ path: file, written: !(await isKept(file)) });
  }
  for (const file of files)
    if (file.written) await writeFile(file.path, texts[path.basename(file.path)]!, { flag: 'wx' });
  return files;
}

// Whether `file` is there, the operator's file to keep (a link to a file too); throws when something else stands there.
async function isKept(file: string): Promise<boolean> {
  const entry = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (entry === undefined) return false;
  const target = entry.isSymbolicLink() ? await stat(file).catch(() => undefined) : entry;
  if (target?.isFile()) return true;
  const what =
    target === undefined ? 'a symbolic link to nothing' : target.isDirectory() ? 'a folder' : 'not a regular file';
  throw new UserError(
    `${path.relative('.', file)} is ${what}, so it holds no configuration: remove it, then run init-deploy again`,
    1,
  );
}

// The real path of `file`: of its deepest folder that exists, links resolved, with the rest after it.
async function realPathOf(file: string): Promise<string> {
  const real = await realpath(file).catch(() => undefined);
  if (real !== undefined) return real;
  const parent = path.dirname(file);
  return parent === file ? file : path.join(await realPathOf(parent), path.basename(file));
}

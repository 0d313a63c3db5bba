/**
 * `dataset-site init-deploy`: writes the deploy configuration into the project, outside the
 * built site, once. A file already there is the operator's and is never written again, so
 * edits survive every build and every later init-deploy.
 */
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { R2_WORKER_BUNDLE } from './bundles.js';
import { wranglerToml } from './cloudflare-r2.js';
import { nginxServerBlock } from './nginx-server.js';

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
  /** The `--prefix` the site is published under. @default '' */
  prefix?: string;
}

/** A file of the deploy configuration, and whether this call wrote it (`false`: it was there and is kept). */
export interface DeployFile {
  path: string;
  written: boolean;
}

/** File names of the deploy configuration, in its folder. */
export const DEPLOY_FILES = { worker: 'wrangler.toml', nginx: 'nginx-server.conf' } as const;

/**
 * Writes `wrangler.toml` (the Worker over R2, its `main` the installed package's Worker
 * bundle) and `nginx-server.conf` (a server block including the site's generated rules)
 * into `dir`, each only when it is not there yet.
 *
 * ### Usage:
 * ```ts
 * for (const file of await initDeploy({ bucket: 'my-bucket' })) console.log(file.path, file.written ? 'written' : 'kept');
 * ```
 */
export async function initDeploy(options: InitDeployOptions = {}): Promise<DeployFile[]> {
  const dir = path.resolve(options.dir ?? 'deploy');
  await mkdir(dir, { recursive: true });
  const main = path.relative(dir, fileURLToPath(R2_WORKER_BUNDLE)).split(path.sep).join('/');
  const texts = {
    [DEPLOY_FILES.worker]: wranglerToml({
      name: options.name ?? 'dataset-site',
      main,
      bucket: options.bucket ?? 'dataset-site',
      prefix: options.prefix ?? '',
    }),
    [DEPLOY_FILES.nginx]: nginxServerBlock(path.resolve(options.site ?? 'dist')),
  };
  const files: DeployFile[] = [];
  for (const [name, text] of Object.entries(texts)) {
    const file = path.join(dir, name);
    files.push({ path: file, written: await writeOnce(file, text) });
  }
  return files;
}

// Writes `text` unless the file exists; whether it wrote.
async function writeOnce(file: string, text: string): Promise<boolean> {
  try {
    await writeFile(file, text, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

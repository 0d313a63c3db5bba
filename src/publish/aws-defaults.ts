/**
 * Where a publish finds its region, endpoint and credentials when the flags do not say: the
 * conventions of every S3 tool. Credentials come from the AWS SDK's default chain
 * (environment, `AWS_PROFILE` with the shared credentials and config files, SSO, web
 * identity, container and instance roles), so the client is given none; the region from
 * the same chain (`AWS_REGION`, the profile's `region`), else `auto` as R2 takes; the
 * endpoint from `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL`.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { UserError } from '../shared/index.js';

/** The region of the SDK's default chain, else `auto`. */
export async function defaultRegion(): Promise<string> {
  // A client given no region resolves it by the chain, and throws when none says one.
  const probe = new S3Client({});
  try {
    return await probe.config.region();
  } catch {
    return 'auto';
  } finally {
    probe.destroy();
  }
}

/** The endpoint the environment names, and the variable that names it. */
export function environmentEndpoint(env: NodeJS.ProcessEnv): { endpoint: string; from: string } | undefined {
  for (const from of ['AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL']) {
    const endpoint = env[from];
    if (endpoint) return { endpoint, from };
  }
  return undefined;
}

/**
 * The usage error (exit 2) for a failure of the SDK's credential chain to find any
 * credentials; `undefined` for any other error.
 */
export function noCredentials(error: unknown): UserError | undefined {
  if ((error as { name?: string } | undefined)?.name !== 'CredentialsProviderError') return undefined;
  return new UserError(
    'no credentials for the bucket: the AWS SDK found none (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE with ~/.aws/credentials or ~/.aws/config, SSO, ' +
      `a container or instance role); give it an R2 API token's S3 keys or a GCS HMAC key one of those ways (${(error as Error).message.split('\n')[0]})`,
    2,
  );
}

import { connect } from 'nats';
import { Client as Minio } from 'minio';
import { Client } from 'pg';
import { platformFor, type ServicePlatform } from './platform-for';

// A team testing one service calls platformFor once and gets that service's servers, of its own:
// containers where a Docker engine holds the images, processes of this machine otherwise.
describe('platformFor', () => {
  let billing: ServicePlatform | undefined;
  let media: ServicePlatform | undefined;

  afterAll(async () => {
    await billing?.stop();
    await media?.stop();
  });

  it("gives billing a Postgres it can make its database on and a NATS with JetStream, and nothing it doesn't use", async () => {
    billing = await platformFor('billing');
    expect(Object.keys(billing.env).sort()).toEqual(['DATABASE_NAME', 'DATABASE_URL', 'NATS_URL']);
    expect(billing.env.DATABASE_URL).not.toBe(process.env.DATABASE_URL);
    expect(billing.used.map((u) => u.source)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(container|started)$/)]),
    );

    const db = new Client({ connectionString: billing.env.DATABASE_URL });
    await db.connect();
    try {
      await db.query(`CREATE DATABASE "${billing.env.DATABASE_NAME}"`);
      const made = await db.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        billing.env.DATABASE_NAME,
      ]);
      expect(made.rowCount).toBe(1);
    } finally {
      await db.end();
    }

    const nats = await connect({ servers: billing.env.NATS_URL });
    try {
      const account = await (await nats.jetstreamManager()).getAccountInfo();
      expect(account.streams).toBe(0);
    } finally {
      await nats.close();
    }
  });

  it('gives media its object storage too, the bucket made, and stops what it started', async () => {
    media = await platformFor('media');
    expect(Object.keys(media.env)).toEqual(expect.arrayContaining(['REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET']));
    const endpoint = new URL(media.env.S3_ENDPOINT);
    const storage = new Minio({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: false,
      accessKey: media.env.S3_ACCESS_KEY,
      secretKey: media.env.S3_SECRET_KEY,
      region: media.env.S3_REGION,
      pathStyle: true,
    });
    expect(await storage.bucketExists(media.env.S3_BUCKET)).toBe(true);

    await media.stop();
    media = undefined;
    await expect(storage.bucketExists('chitram-media')).rejects.toThrow();
  });
});

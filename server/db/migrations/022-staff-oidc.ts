import type { Kysely, Migration } from 'kysely';

// Signing in to the Studio through the organisation's OpenID Connect provider (decision 051): each
// sign-in started is a row until its callback uses it (once) or it expires. The browser holds a
// random token (cookie examflow_studio_oidc) of which only the SHA-256 is kept; the row keeps the
// state, the nonce and the PKCE verifier, which never leave the server but in the provider's URL.
export const m022StaffOidc: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('staff_oidc_flows')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('redirect_uri', 'text', (c) => c.notNull())
      .addColumn('return_to', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('ip', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('staff_oidc_flows_expires')
      .on('staff_oidc_flows')
      .column('expires_at')
      .execute();
  },
};

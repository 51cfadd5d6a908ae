// Config as content (decision 049): every config document (site.json, hosts.json, each programme,
// each landing, each string table) as immutable versions, the one each document publishes, and a
// generation every server process watches to serve a publish within seconds.
import type { Generated } from 'kysely';

/** A version's place in the review workflow. */
export type VersionState = 'draft' | 'review' | 'approved' | 'scheduled' | 'published' | 'archived';

export interface ConfigDocumentsTable {
  /** Its file under config/ (`landings/neet-repeater.json`): the documents' one name. */
  path: string;
  /** The version students are served; null: unpublished (a landing taken off the site). */
  published_number: number | null;
  created_at: string;
}

export interface ConfigVersionsTable {
  path: string;
  /** 1, 2, 3… per document. */
  number: number;
  /** The version it was made from (null: the document's first). */
  parent_number: number | null;
  /** The document's text: never changed once written (a trigger refuses it). */
  content: string;
  state: VersionState;
  /** Who made it: a staff account's id, or `seed`, `import` for the files. */
  author_id: string;
  author_name: string;
  created_at: string;
  /** "What changes for students" against the parent, as JSON (a list of sentences). */
  summary: string;
  /** 1 when it changes an amount a student pays or is shown (it needs a second person). */
  touches_money: number;
  /** The author's note when submitting; a reviewer's comment when sending back. */
  note: string | null;
  reviewed_by: string | null;
  /** India-time instants, ISO; set while scheduled. */
  publish_at: string | null;
  unpublish_at: string | null;
  published_at: string | null;
}

/** One row: the number of publishes so far, which every process compares with its own. */
export interface ConfigGenerationTable {
  id: number;
  generation: number;
  changed_at: string;
}

/** An uploaded image (migration 018): served at /images/<name> when the build has no such file. */
export interface ConfigImagesTable {
  id: Generated<number>;
  /** `hero-banner.png`: small letters, digits and dashes, and its type's extension. */
  name: string;
  /** Its type as its bytes show it (image/png, image/jpeg, image/webp, image/svg+xml). */
  type: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  /** The staff member's name. */
  uploaded_by: string;
  uploaded_at: string;
  /** When a version using it was first published (migration 025); null: a draft's only, not served. */
  published_at: string | null;
  /** Pixels, read from the file (null: its header did not say). */
  width: number | null;
  height: number | null;
}

/** A preview link (migration 019): the SHA-256 of its token, the version it shows, its end. */
export interface ConfigPreviewLinksTable {
  token_hash: string;
  path: string;
  number: number;
  created_by: string;
  created_at: string;
  expires_at: string;
}

/** A Hindi version's translation basis (migration 023): Hindi pointer → hash of its English text. */
export interface ConfigTranslationBasisTable {
  path: string;
  number: number;
  /** JSON: { [hindiPointer]: hash } (src/engine/content/translation-basis.ts). */
  basis: string;
  updated_by: string;
  updated_at: string;
}

export interface ContentTables {
  config_documents: ConfigDocumentsTable;
  config_versions: ConfigVersionsTable;
  config_generation: ConfigGenerationTable;
  config_images: ConfigImagesTable;
  config_preview_links: ConfigPreviewLinksTable;
  config_translation_basis: ConfigTranslationBasisTable;
}

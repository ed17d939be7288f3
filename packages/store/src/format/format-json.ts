import { asFields, type Fields, int, RecordFormatError, str, versionOf } from './record.js';

// `.stowage.sys/format.json` on every drive: which deployment the drive belongs to, its
// position among the deployment's drives, and how many drives form each erasure set
// (version 3; before, all drives formed one set). Version 2 drives and later keep object
// records in the drive's ordered index; version 1 drives kept them as meta.json files
// (migrate-index.ts moves them).

export const FORMAT_VERSION = 3;

export interface DriveFormat {
  format: 'stowage';
  version: typeof FORMAT_VERSION;
  deploymentId: string;
  /** Drives of the whole deployment. */
  drives: number;
  /** This drive's position among them: set `index / setDrives`, drive `index % setDrives` of it. */
  index: number;
  /** Drives per erasure set; it divides `drives`. */
  setDrives: number;
}

const KIND = 'format.json';

/** Version 0 named the drives by id: `{format, version:0, id, set:[driveIds], this}`. */
function fromV0(fields: Fields): DriveFormat {
  const set = fields.set;
  if (!Array.isArray(set) || !set.every((d): d is string => typeof d === 'string')) {
    throw new RecordFormatError(`${KIND}: version 0 "set" must be a list of drive ids`);
  }
  const index = set.indexOf(str(fields, 'this', KIND));
  if (index < 0) throw new RecordFormatError(`${KIND}: version 0 "this" is not in "set"`);
  return {
    format: 'stowage',
    version: FORMAT_VERSION,
    deploymentId: str(fields, 'id', KIND),
    drives: set.length,
    index,
    setDrives: set.length,
  };
}

export interface DecodedFormat {
  format: DriveFormat;
  /** The record is older than FORMAT_VERSION: rewrite it once the drive is migrated. */
  migrated: boolean;
  /** The drive's objects are meta.json files (versions 0 and 1): move them into the index. */
  needsIndex: boolean;
}

/** Decodes any known version into the current one, saying what migration is due. */
export function migrateFormat(raw: unknown): DecodedFormat {
  const fields = asFields(raw, KIND);
  if (fields.format !== 'stowage') throw new RecordFormatError(`${KIND}: not a Stowage drive`);
  const version = versionOf(fields, 'version', KIND, FORMAT_VERSION);
  if (version === 0) return { format: fromV0(fields), migrated: true, needsIndex: true };
  const drives = int(fields, 'drives', KIND);
  const format: DriveFormat = {
    format: 'stowage',
    version: FORMAT_VERSION,
    deploymentId: str(fields, 'deploymentId', KIND),
    drives,
    index: int(fields, 'index', KIND),
    // Versions 1 and 2 made one set of every drive, whatever their number.
    setDrives: version < 3 ? drives : int(fields, 'setDrives', KIND),
  };
  if (format.drives < 1 || format.index >= format.drives) {
    throw new RecordFormatError(`${KIND}: index ${format.index} is outside ${format.drives} drives`);
  }
  if (format.setDrives < 1 || format.drives % format.setDrives !== 0) {
    throw new RecordFormatError(`${KIND}: sets of ${format.setDrives} drives do not divide ${format.drives}`);
  }
  return { format, migrated: version < FORMAT_VERSION, needsIndex: version < 2 };
}

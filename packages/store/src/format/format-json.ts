import { asFields, type Fields, int, RecordFormatError, str, versionOf } from './record.js';

// `.stowage.sys/format.json` on every drive: which deployment the drive belongs to, its
// position among the deployment's drives, and how many drives form each erasure set.
// Version 3 records the sets; a deployment whose drives form one set is written as version
// 2, which means one set of every drive, so that stores from before sets open it as ever.
// Version 2 drives and later keep object records in the drive's ordered index; version 1
// drives kept them as meta.json files (migrate-index.ts moves them).

/** The newest version this code reads. */
export const FORMAT_VERSION = 3;

export interface DriveFormat {
  format: 'stowage';
  /** The version it is written in (formatVersionFor). */
  version: 2 | 3;
  deploymentId: string;
  /** Drives of the whole deployment. */
  drives: number;
  /** This drive's position among them: set `index / setDrives`, drive `index % setDrives` of it. */
  index: number;
  /** Drives per erasure set; it divides `drives`. */
  setDrives: number;
}

const KIND = 'format.json';

/** The version a deployment's formats are written in: 2 for one set of every drive, else 3. */
export const formatVersionFor = (f: { drives: number; setDrives: number }): 2 | 3 =>
  f.setDrives === f.drives ? 2 : 3;

/** A drive's format record, in the version its deployment's shape asks for. */
export function driveFormat(
  deploymentId: string,
  drives: number,
  index: number,
  setDrives: number,
): DriveFormat {
  return {
    format: 'stowage',
    version: formatVersionFor({ drives, setDrives }),
    deploymentId,
    drives,
    index,
    setDrives,
  };
}

/** What is written to format.json: version 2 does not name its one set's size. */
export function formatJson(f: DriveFormat): string {
  const { setDrives, ...v2 } = f;
  return `${JSON.stringify(f.version === 2 ? v2 : { ...v2, setDrives })}\n`;
}

/** Version 0 named the drives by id: `{format, version:0, id, set:[driveIds], this}`. */
function fromV0(fields: Fields): DriveFormat {
  const set = fields.set;
  if (!Array.isArray(set) || !set.every((d): d is string => typeof d === 'string')) {
    throw new RecordFormatError(`${KIND}: version 0 "set" must be a list of drive ids`);
  }
  const index = set.indexOf(str(fields, 'this', KIND));
  if (index < 0) throw new RecordFormatError(`${KIND}: version 0 "this" is not in "set"`);
  return driveFormat(str(fields, 'id', KIND), set.length, index, set.length);
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
  const format = driveFormat(
    str(fields, 'deploymentId', KIND),
    drives,
    int(fields, 'index', KIND),
    // Versions 1 and 2 made one set of every drive, whatever their number.
    version < 3 ? drives : int(fields, 'setDrives', KIND),
  );
  if (format.drives < 1 || format.index >= format.drives) {
    throw new RecordFormatError(`${KIND}: index ${format.index} is outside ${format.drives} drives`);
  }
  if (format.setDrives < 1 || format.drives % format.setDrives !== 0) {
    throw new RecordFormatError(`${KIND}: sets of ${format.setDrives} drives do not divide ${format.drives}`);
  }
  return { format, migrated: version !== format.version, needsIndex: version < 2 };
}

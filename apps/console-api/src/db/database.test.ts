import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleDatabase, DatabaseError, type FeatureSchema } from './database.js';

// The console database on a real SQLite file: features' migrations applied in order, once,
// each step whole or not at all, and a file from a newer console refused.

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-console-db-'));
  file = join(dir, 'console.sqlite');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const notesV1: FeatureSchema = {
  feature: 'notes',
  migrations: ['CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)'],
};
// Version 2 splits the text into a title and a body: rows written by version 1 carry over.
const notesV2: FeatureSchema = {
  feature: 'notes',
  migrations: [
    ...notesV1.migrations,
    `ALTER TABLE notes ADD COLUMN title TEXT NOT NULL DEFAULT '';
     UPDATE notes SET title = substr(text, 1, instr(text || ':', ':') - 1);`,
  ],
};
const tags: FeatureSchema = { feature: 'tags', migrations: ['CREATE TABLE tags (name TEXT PRIMARY KEY)'] };

describe('console database', () => {
  it('creates every feature at its last version, and opening again changes nothing', () => {
    const db = ConsoleDatabase.open(file, [notesV2, tags]);
    expect([db.versionOf('notes'), db.versionOf('tags'), db.versionOf('absent')]).toEqual([2, 1, 0]);
    db.sql.run('INSERT INTO notes (text, title) VALUES (?, ?)', ['x', 'y']);
    db.close();
    const again = ConsoleDatabase.open(file, [notesV2, tags]);
    expect(again.sql.all('SELECT text, title FROM notes')).toEqual([{ text: 'x', title: 'y' }]);
    again.close();
  });

  it('brings a file written at an older version up, keeping its rows', () => {
    const old = ConsoleDatabase.open(file, [notesV1]);
    old.sql.run('INSERT INTO notes (text) VALUES (?)', ['groceries: milk']);
    old.close();
    const db = ConsoleDatabase.open(file, [notesV2, tags]);
    expect(db.versionOf('notes')).toBe(2);
    expect(db.sql.all('SELECT text, title FROM notes')).toEqual([
      { text: 'groceries: milk', title: 'groceries' },
    ]);
    db.close();
  });

  it('refuses a file a newer console wrote, and leaves it as it was', () => {
    ConsoleDatabase.open(file, [notesV2]).close();
    expect(() => ConsoleDatabase.open(file, [notesV1])).toThrow(
      /notes at version 2, newer than this console knows \(1\)/,
    );
    const db = ConsoleDatabase.open(file, [notesV2]);
    expect(db.versionOf('notes')).toBe(2);
    db.close();
  });

  it('applies a failing step not at all: its version stays, and the next open tries again', () => {
    ConsoleDatabase.open(file, [notesV1]).close();
    const broken: FeatureSchema = {
      feature: 'notes',
      migrations: [...notesV1.migrations, 'CREATE TABLE halfway (x INTEGER); SELECT * FROM no_such_table;'],
    };
    expect(() => ConsoleDatabase.open(file, [broken])).toThrow(/no_such_table/);
    const db = ConsoleDatabase.open(file, [notesV2]);
    expect(db.versionOf('notes')).toBe(2);
    expect(db.sql.all("SELECT name FROM sqlite_master WHERE name = 'halfway'")).toEqual([]);
    db.close();
  });

  it('refuses a feature listed twice', () => {
    expect(() => ConsoleDatabase.open(':memory:', [notesV1, notesV2])).toThrow(DatabaseError);
  });

  it('keeps nothing past the process in memory', () => {
    const db = ConsoleDatabase.open(':memory:', [tags]);
    db.sql.run('INSERT INTO tags (name) VALUES (?)', ['a']);
    db.close();
    const fresh = ConsoleDatabase.open(':memory:', [tags]);
    expect(fresh.sql.all('SELECT name FROM tags')).toEqual([]);
    fresh.close();
  });
});

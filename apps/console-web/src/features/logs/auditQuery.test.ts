import { describe, expect, it } from 'vitest';
import { auditRecord as record } from '../../test/fixtures.js';
import { auditCsv, auditJson, csvCell } from './auditExport.js';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_SCROLL_TOTAL,
  auditSearchQuery,
  emptyCriteria,
  nextAuditPage,
  windowInverted,
} from './auditQuery.js';

describe('the audit search query', () => {
  it('sends filled filters as key:value with the wildcards as typed, and the window as instants', () => {
    const start = '2026-11-28T09:30';
    expect(
      auditSearchQuery(
        {
          start,
          end: '',
          filters: {
            bucket: ' photos ',
            api_name: 'Put*',
            object: 'a\\.b.c',
            user_agent: '',
            request_id: '  ',
          },
        },
        'timeDesc',
        0,
      ),
    ).toEqual({
      q: 'reqinfo',
      fp: ['bucket:photos', 'object:a\\.b.c', 'api_name:Put*'],
      pageSize: AUDIT_PAGE_SIZE,
      pageNo: 0,
      order: 'timeDesc',
      timeStart: new Date(start).toISOString(),
    });
  });

  it('with nothing filled: no filters and no window, newest first by default', () => {
    expect(auditSearchQuery(emptyCriteria(), 'timeAsc', 3)).toEqual({
      q: 'reqinfo',
      pageSize: 100,
      pageNo: 3,
      order: 'timeAsc',
    });
  });

  it('an end before the start is caught before anything is sent', () => {
    expect(windowInverted({ start: '2026-11-28T10:00', end: '2026-11-28T09:00', filters: {} })).toBe(true);
    expect(windowInverted({ start: '2026-11-28T10:00', end: '2026-11-28T10:00', filters: {} })).toBe(false);
    expect(windowInverted({ start: '', end: '2026-11-28T09:00', filters: {} })).toBe(false);
  });

  it('pages continue while full, up to the scroll total', () => {
    const full = Array.from({ length: AUDIT_PAGE_SIZE });
    expect(nextAuditPage(full, 1)).toBe(1);
    expect(nextAuditPage(full, 7)).toBe(7);
    expect(nextAuditPage(full.slice(1), 1)).toBeUndefined();
    expect(nextAuditPage(full, AUDIT_SCROLL_TOTAL / AUDIT_PAGE_SIZE)).toBeUndefined();
  });
});

describe('audit export', () => {
  it('CSV cells are quoted when needed and formulas are defused', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+', '-', '@']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell(-5)).toBe('-5');
  });

  it('the CSV has every column in table order, one row per record', () => {
    const csv = auditCsv([record(), record({ object: '=cmd|x', user_agent: 'agent, v1' })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'time,api_name,bucket,object,remote_host,request_id,user_agent,response_status,response_status_code,request_content_length,response_content_length,time_to_response_ns',
    );
    expect(lines[1]).toBe('2026-11-28T10:00:00.000Z,PutObject,photos,a.jpg,10.0.0.1,17A0,mc,OK,200,5,0,1500');
    expect(lines[2]).toBe(
      `2026-11-28T10:00:00.000Z,PutObject,photos,'=cmd|x,10.0.0.1,17A0,"agent, v1",OK,200,5,0,1500`,
    );
    expect(lines[3]).toBe('');
  });

  it('the JSON is the records as loaded', () => {
    const rows = [record(), record({ api_name: 'GetObject' })];
    expect(JSON.parse(auditJson(rows))).toEqual(rows);
  });
});

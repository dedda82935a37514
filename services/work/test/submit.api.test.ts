import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countEvents, startWorkHarness, submissionForm, takenTask, tinyJpeg, tinyPng, tinyWebm, type TWorkHarness } from './helpers.js';

let h: TWorkHarness;
beforeAll(async () => {
  h = await startWorkHarness('work_submit');
});
afterAll(async () => {
  await h?.close();
});

const FIFTY_MB = 50 * 1024 * 1024;

async function fileRows(assignmentId: string) {
  return h.query<{ file_name: string; file_type: string }>('SELECT file_name, file_type FROM task_submission_files WHERE assignment_id = $1', [assignmentId]);
}

describe('POST /api/tasks/{id}/submit', () => {
  it('when a worker submits text with a PNG, a JPEG and a WebM, then 200, files stored under server names with the detected types', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    const form = submissionForm('  Done: three files  ', [
      { bytes: tinyPng(), name: 'shop front.png', type: 'image/png' },
      { bytes: tinyJpeg(), name: '../../evil.html', type: 'text/html' },
      { bytes: tinyWebm(), name: 'clip.webm', type: 'video/webm' },
    ]);
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Task submitted successfully!');
    expect(res.body.assignment).toMatchObject({ id: assignmentId, status: 'submitted', submission: 'Done: three files' });
    const files = res.body.assignment.files as { fileName: string; fileType: string; originalName: string; fileSize: number }[];
    expect(files.map((f) => f.fileType)).toEqual(['image/png', 'image/jpeg', 'video/webm']);
    expect(files[1]?.originalName).toBe('evil.html');
    for (const f of files) expect(f.fileName).toMatch(/^[0-9a-f-]{36}\.(png|jpg|webm)$/);
    // Images are stored re-encoded without metadata (issue 26): the size is the stored file's; the video is as sent.
    expect(files[0]?.fileSize).toBeGreaterThan(0);
    expect(files[2]?.fileSize).toBe(tinyWebm().length);
    expect((await h.storedFiles()).sort()).toEqual(expect.arrayContaining(files.map((f) => f.fileName)));
    expect(await countEvents(h, 'submission.submitted', assignmentId)).toBe(1);
    const [task] = await h.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [taskId]);
    expect(task?.status).toBe('submitted');

    const mine = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === taskId);
    expect(mine).toMatchObject({ userStatus: 'submitted', submission: 'Done: three files', userSubmission: 'Done: three files' });
    expect(mine.submittedAt).toEqual(expect.any(String));
  });

  it('when the text is missing or blank, then 400 "Submission text is required" and no file is kept', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    const before = await h.storedFiles();
    for (const text of [undefined, '   ']) {
      const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm(text, [{ bytes: tinyPng(), name: 'a.png' }]) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Submission text is required');
    }
    expect(await h.storedFiles()).toEqual(before);
    expect(await fileRows(assignmentId)).toHaveLength(0);
  });

  it('when the text has a NUL or another control character, then 400 naming the field, no file is kept and nothing is published', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    const before = await h.storedFiles();
    for (const text of ['done\u0000', 'done\u001b[31m', '\u0085']) {
      const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm(text, [{ bytes: tinyPng(), name: 'a.png' }]) });
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect(res.body).toMatchObject({ message: 'Submission text must not contain control characters', code: 'REQUEST.VALIDATION' });
    }
    expect(await h.storedFiles()).toEqual(before);
    expect(await fileRows(assignmentId)).toHaveLength(0);
    const [row] = await h.query<{ status: string; submission: string | null }>('SELECT status, submission FROM task_assignments WHERE id = $1', [assignmentId]);
    expect(row).toEqual({ status: 'assigned', submission: null });
    expect(await countEvents(h, 'submission.submitted', assignmentId)).toBe(0);
  });

  it('when the text has CRLF line breaks (as browsers send form fields), then it is stored with LF', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('line one\r\nline two\tend') });
    expect(res.status).toBe(200);
    expect(res.body.assignment.submission).toBe('line one\nline two\tend');
  });

  it('when a file name has bidirectional or control characters, then the stored original name has none of them', async () => {
    const worker = await h.newUser();
    const { assignmentId, taskId } = await takenTask(h, worker);
    const name = 'invoice\u202Egnp\u2066\u2069\u202A\u202B\u202C\u202D\u2067\u2068\u0007\u0085.png';
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('see file', [{ bytes: tinyPng(), name, type: 'image/png' }]) });
    expect(res.status).toBe(200);
    expect(res.body.assignment.files[0].originalName).toBe('invoicegnp.png');
    const rows = await h.query<{ original_name: string }>('SELECT original_name FROM task_submission_files WHERE assignment_id = $1', [assignmentId]);
    expect(rows).toEqual([{ original_name: 'invoicegnp.png' }]);
  });

  it('when a file claims to be image/png but is HTML, then 400 "Only images and videos can be attached" and nothing is stored', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    const before = await h.storedFiles();
    const fake = new TextEncoder().encode('<html><script>alert(document.cookie)</script></html>');
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, {
      token: worker.token,
      form: submissionForm('done', [
        { bytes: tinyPng(), name: 'real.png', type: 'image/png' },
        { bytes: fake, name: 'photo.png', type: 'image/png' },
      ]),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Only images and videos can be attached', code: 'WORK.FILE_TYPE_NOT_ALLOWED' });
    expect(await h.storedFiles()).toEqual(before);
    expect(await fileRows(assignmentId)).toHaveLength(0);
    const [row] = await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [assignmentId]);
    expect(row?.status).toBe('assigned');
  });

  it('when 11 files are attached, then 400 "You can attach at most 10 files" and nothing is stored', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    const before = await h.storedFiles();
    const files = Array.from({ length: 11 }, (_, i) => ({ bytes: tinyPng(), name: `p${i}.png` }));
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('done', files) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You can attach at most 10 files');
    expect(await h.storedFiles()).toEqual(before);
    expect(await fileRows(assignmentId)).toHaveLength(0);
  });

  it('when exactly 10 files are attached, then they are accepted', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const files = Array.from({ length: 10 }, (_, i) => ({ bytes: tinyPng(), name: `p${i}.png` }));
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('done', files) });
    expect(res.status).toBe(200);
    expect(res.body.assignment.files).toHaveLength(10);
  });

  it('when a file is over 50 MB, then 413 "Each file must be at most 50 MB" and no file is left in the upload folder', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    const before = await h.storedFiles();
    const big = new Blob([tinyPng(), new Uint8Array(FIFTY_MB + 1024 * 1024)], { type: 'image/png' });
    const form = new FormData();
    form.append('submission', 'big one');
    form.append('files', new Blob([tinyPng()], { type: 'image/png' }), 'small.png');
    form.append('files', big, 'big.png');
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Each file must be at most 50 MB', code: 'WORK.FILE_TOO_LARGE', params: { maxMegabytes: 50 } });
    expect(await h.storedFiles()).toEqual(before);
    expect(await fileRows(assignmentId)).toHaveLength(0);
  }, 60_000);

  it('when an unknown field or a non-multipart body is sent, then 400 / 415', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const form = submissionForm('done');
    form.append('userId', 'someone-else');
    expect((await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form })).status).toBe(400);
    expect((await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, body: { submission: 'x' } })).status).toBe(415);
  });

  it("when a worker submits to a task they have not taken (another worker's), then 404 and nothing changes", async () => {
    const owner = await h.newUser();
    const intruder = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, owner);
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: intruder.token, form: submissionForm('mine now', [{ bytes: tinyPng(), name: 'a.png' }]) });
    expect(res.status).toBe(404);
    const [row] = await h.query<{ status: string; submission: string | null }>('SELECT status, submission FROM task_assignments WHERE id = $1', [assignmentId]);
    expect(row).toEqual({ status: 'assigned', submission: null });
  });

  it('when the submission is already awaiting review, then a second submit gets 409', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    expect((await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('one') })).status).toBe(200);
    const again = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('two') });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This task has already been submitted');
  });

  it('when the time limit has passed, then the submission is refused with 409', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker, { timeLimitMinutes: 5 });
    await h.query(`UPDATE task_assignments SET expires_at = now() - interval '1 minute' WHERE id = $1`, [assignmentId]);
    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('late') });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The time limit for this task has expired');
  });

  it('when a rejected submission is resubmitted, then the text is replaced, new files are added and the rejection is cleared', async () => {
    const worker = await h.newUser();
    const { taskId, assignmentId } = await takenTask(h, worker);
    await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('first try', [{ bytes: tinyPng(), name: 'one.png' }]) });
    const rejected = await h.api('POST', `/api/admin/submissions/${assignmentId}/reject`, { token: h.admin.token, body: { reason: 'Photo is blurry' } });
    expect(rejected.status).toBe(200);
    const revision = (await h.api('GET', '/api/tasks', { token: worker.token })).body.find((t: { id: string }) => t.id === taskId);
    expect(revision).toMatchObject({ userStatus: 'rejected', rejectionReason: 'Photo is blurry', userAssignment: { status: 'rejected', rejectionReason: 'Photo is blurry' } });
    expect(revision.rejectedAt).toEqual(expect.any(String));

    const res = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('second try', [{ bytes: tinyJpeg(), name: 'two.jpg' }]) });
    expect(res.status).toBe(200);
    expect(res.body.assignment).toMatchObject({ status: 'submitted', submission: 'second try', rejectionReason: null, rejectedAt: null });
    expect(res.body.assignment.files.map((f: { originalName: string }) => f.originalName)).toEqual(['one.png', 'two.jpg']);
    const events = await h.query<{ resubmission: boolean }>(
      `SELECT (payload->'data'->>'resubmission')::boolean AS resubmission FROM outbox WHERE type = 'submission.submitted' AND payload->'data'->>'assignmentId' = $1 ORDER BY seq`,
      [assignmentId],
    );
    expect(events.map((e) => e.resubmission)).toEqual([false, true]);
  });
});

describe('GET /api/files/{fileName}', () => {
  it('when the owner or an admin opens a file, then it is served inline with its stored type, nosniff and never as HTML', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const submitted = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('see file', [{ bytes: tinyPng(), name: 'shop front.png', type: 'text/html' }]) });
    const fileName = submitted.body.assignment.files[0].fileName as string;
    for (const token of [worker.token, h.admin.token]) {
      const response = await fetch(`${h.service.url}/api/files/${fileName}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="shop front.png"; filename*=UTF-8''shop%20front.png`);
      // The same pixels (the PNG is re-encoded losslessly, without metadata).
      const served = await sharp(Buffer.from(await response.arrayBuffer())).raw().toBuffer();
      expect(served.equals(await sharp(tinyPng()).raw().toBuffer())).toBe(true);
    }
  });

  it("when another worker asks for someone's file, then 404 (not 403), so the name is not confirmed", async () => {
    const owner = await h.newUser();
    const other = await h.newUser();
    const { taskId } = await takenTask(h, owner);
    const submitted = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: owner.token, form: submissionForm('see file', [{ bytes: tinyPng(), name: 'a.png' }]) });
    const fileName = submitted.body.assignment.files[0].fileName as string;
    const res = await h.api('GET', `/api/files/${fileName}`, { token: other.token });
    expect(res.status).toBe(404);
    const missing = await h.api('GET', '/api/files/00000000-0000-4000-8000-000000000000.png', { token: other.token });
    expect(res.body).toEqual(missing.body);
    expect((await h.api('GET', `/api/files/${fileName}`)).status).toBe(401);
  });

  it.each(['..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e%2fpackage.json', '..%5C..%5Cpackage.json', '.tmp-00000000-0000-4000-8000-000000000000', 'x.png%00.html'])(
    'when the name is a traversal or a name the server never made (%s), then 404 and nothing outside the folder is read',
    async (name) => {
      const res = await h.api('GET', `/api/files/${name}`, { token: h.admin.token });
      expect([400, 404]).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain('root:');
    },
  );
});

import { expect } from '@open-wc/testing';

describe('test harness', () => {
  it('serves canned SSE from the same origin', async () => {
    const response = await fetch('/__test/sse?key=smoke', {
      method: 'POST',
      body: '{"threadId":"a","runId":"b"}',
    });
    const text = await response.text();
    expect(response.headers.get('content-type')).to.equal('text/event-stream');
    expect(text).to.contain('"runId":"b"');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { forgetReads, rememberedReads, rememberReads } from './remembered-reads.ts';

afterEach(() => forgetReads());

describe('remembered first reads', () => {
  it('keep the last five addresses, the latest first', () => {
    for (let i = 1; i <= 6; i++) rememberReads(`/chat?channel=c${i}`, [`/workspaces/w1/chat/channels/c${i}/messages`]);
    expect(rememberedReads('/chat?channel=c1')).toEqual([]);
    expect(rememberedReads('/chat?channel=c6')).toEqual(['/workspaces/w1/chat/channels/c6/messages']);
    expect(rememberedReads('/chat?channel=c2')).toEqual(['/workspaces/w1/chat/channels/c2/messages']);
  });

  it('read nothing from a stored value of another shape, and start from it afresh', () => {
    localStorage.setItem('tessera:first-reads', JSON.stringify([null, 7, ['/calendar', 'x'], ['/calendar', [1]], ['/chat', ['/a']]]));
    expect(rememberedReads('/calendar')).toEqual([]);
    expect(rememberedReads('/chat')).toEqual(['/a']);
    localStorage.setItem('tessera:first-reads', '{not json');
    expect(rememberedReads('/chat')).toEqual([]);
    rememberReads('/calendar', ['/b']);
    expect(rememberedReads('/calendar')).toEqual(['/b']);
  });
});

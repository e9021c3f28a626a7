import { anchorPoint, assHeader, assStyleColor, assTagColor, numpadAlignment } from './ass-style';
import { applyCase, assTime, escapeAssText } from './ass-text';
import { captionParams } from './ass-test-support';

const SIZE = { width: 640, height: 360 };

describe('ASS colours', () => {
  it('turns #RRGGBB into &HAABBGGRR for styles and &HBBGGRR& for tags', () => {
    expect(assStyleColor('#f41f09')).toBe('&H00091FF4');
    expect(assStyleColor('#FFFFFF')).toBe('&H00FFFFFF');
    expect(assTagColor('#123456')).toBe('&H563412&');
    expect(() => assStyleColor('red')).toThrow();
  });
});

describe('ASS alignment', () => {
  it.each([
    ['bottom', 'left', 1], ['bottom', 'center', 2], ['bottom', 'right', 3],
    ['middle', 'left', 4], ['middle', 'center', 5], ['middle', 'right', 6],
    ['top', 'left', 7], ['top', 'center', 8], ['top', 'right', 9],
  ] as const)('%s %s is \\an%d', (position, alignment, an) => {
    expect(numpadAlignment(position, alignment)).toBe(an);
  });

  it('anchors at the padded edge or centre, shifted by the offsets', () => {
    expect(anchorPoint(captionParams({ position: 'bottom', alignment: 'center', pad_v: 20 }), SIZE)).toEqual({ x: 320, y: 340 });
    expect(anchorPoint(captionParams({ position: 'top', alignment: 'left', pad_l: 15, pad_v: 30 }), SIZE)).toEqual({ x: 15, y: 30 });
    expect(anchorPoint(captionParams({ position: 'middle', alignment: 'right', pad_r: 25, offset_x: -200, offset_y: 200 }), SIZE)).toEqual({ x: 415, y: 380 });
  });
});

describe('ASS header', () => {
  it('sizes the script to the video and builds the style from the parameters', () => {
    const header = assHeader(
      captionParams({ font_size: 40, font_weight: 'normal', fill_color: '#00ff00', outline_color: '#0000ff', shadow_color: '#ff0000', outline_width: 2.5, shadow_size: 1, position: 'top', alignment: 'right', pad_l: 11, pad_r: 12, pad_v: 13 }),
      SIZE,
    );
    expect(header).toContain('PlayResX: 640\nPlayResY: 360');
    expect(header).toContain('Style: Caption,Poppins,40,&H0000FF00,&H0000FF00,&H00FF0000,&H000000FF,0,0,0,0,100,100,0,0,1,2.5,1,9,11,12,13,1');
    expect(assHeader(captionParams(), SIZE)).toMatch(/Style: Caption,Poppins,54,&H00FFFFFF,&H00FFFFFF,&H00333333,&H00000000,-1,/);
  });
});

describe('ASS text', () => {
  it('makes override blocks, tags and line breaks in the text inert', () => {
    const escaped = escapeAssText('a{\\b1}b\\Nc\nd}');
    expect(escaped).not.toMatch(/[{}\\\n]/);
    expect(escaped).toBe('a(/b1)b/Nc d)');
  });

  it.each([
    ['normal', "it's New", "it's New"],
    ['upper', "it's New", "IT'S NEW"],
    ['lower', "it's New", "it's new"],
    ['capitalize', "'twas it", "'Twas it"],
  ] as const)('text_case %s', (textCase, input, output) => {
    expect(applyCase(input, textCase)).toBe(output);
  });

  it('writes times as H:MM:SS.cc', () => {
    expect(assTime(0)).toBe('0:00:00.00');
    expect(assTime(3723.456)).toBe('1:02:03.46');
    expect(assTime(-1)).toBe('0:00:00.00');
  });
});

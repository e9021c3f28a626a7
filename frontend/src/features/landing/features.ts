import { AudioLines, Captions, Crop, Film, Image, Layers, Mic, Scissors, SlidersHorizontal } from 'lucide-react';

/** Landing feature cards; titles and bodies live in the landing locale under features.<key>. */
export const FEATURES = [
  { key: 'cut', icon: Scissors },
  { key: 'crop', icon: Crop },
  { key: 'merge', icon: Layers },
  { key: 'redub', icon: Film },
  { key: 'tts', icon: Mic },
  { key: 'voiceConversion', icon: AudioLines },
  { key: 'frames', icon: Image },
  { key: 'separation', icon: SlidersHorizontal },
  { key: 'captions', icon: Captions },
] as const;

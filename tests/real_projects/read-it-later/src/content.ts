import type { PlasmoCSConfig } from "plasmo"
import "./style.css"
 
export const config: PlasmoCSConfig = {
  matches: ["<all_urls>"],
  all_frames: true
}
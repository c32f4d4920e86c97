/**
 * The page's script, inline and constant: no value is ever interpolated into
 * it. It reads the nodes from the page's `<script type="application/json"
 * id="ods-data">` ([label, unique id, reasons] per node, by index K) and:
 * - filters: the search box hides the list items (elements with
 *   `data-k`) whose label, id or reasons don't contain the text, marks the
 *   boxes that do (`hit`; the others fade through one class on the SVG, not
 *   4,000 opacity groups, which software rendering paints slowly), and says
 *   how many match; Enter centres the first match drawn;
 * - zooms and pans the lineage: the wheel (around the pointer), the + / − /
 *   fit buttons, dragging; all by setting `#viewport`'s transform.
 */
export const PAGE_SCRIPT = `(function(){"use strict";
var data=JSON.parse(document.getElementById("ods-data").textContent);
var nodes=data.nodes,hay=[],els=[],i;
for(i=0;i<nodes.length;i++){hay.push((nodes[i][0]+"\\n"+nodes[i][1]+"\\n"+nodes[i][2]).toLowerCase());els.push([]);}
var tagged=document.querySelectorAll("[data-k]");
for(i=0;i<tagged.length;i++){var k=Number(tagged[i].getAttribute("data-k"));if(els[k])els[k].push(tagged[i]);}
var input=document.getElementById("search"),count=document.getElementById("search-count");
var svg=document.getElementById("lineage"),vp=document.getElementById("viewport");
function apply(){var q=input.value.trim().toLowerCase(),shown=0,first=-1;
for(var k=0;k<nodes.length;k++){var hit=q===""||hay[k].indexOf(q)>=0;if(hit){shown++;}
for(var j=0;j<els[k].length;j++){var el=els[k][j];
var on=hit&&q!=="";if(el.tagName==="LI"){if(el.hidden!==!hit)el.hidden=!hit;}else if(el.classList.contains("hit")!==on){el.classList.toggle("hit",on);}if(on&&el.tagName!=="LI"&&first<0)first=k;}}
if(svg)svg.classList.toggle("searching",q!=="");
var groups=document.querySelectorAll("[data-group]");
for(i=0;i<groups.length;i++){var g=groups[i];g.hidden=q!==""&&!g.querySelector("li[data-k]:not([hidden])");if(q!==""&&!g.hidden&&g.tagName==="DETAILS")g.open=true;}
count.textContent=q===""?fmt(nodes.length)+" nodes":fmt(shown)+" of "+fmt(nodes.length)+" nodes match";
count.setAttribute("data-shown",String(shown));return first;}
function fmt(n){return n.toLocaleString("en-US");}
input.addEventListener("input",apply);
input.addEventListener("keydown",function(e){if(e.key==="Enter"){var k=apply();if(k>=0)centre(k);}});
if(!svg||!vp){apply();return;}
var t={x:0,y:0,s:1},W=Number(svg.getAttribute("data-width")),H=Number(svg.getAttribute("data-height"));
function set(){vp.setAttribute("transform","translate("+t.x.toFixed(1)+" "+t.y.toFixed(1)+") scale("+t.s.toFixed(4)+")");}
function zoom(f,cx,cy){var s=Math.min(4,Math.max(0.01,t.s*f));f=s/t.s;t.x=cx-(cx-t.x)*f;t.y=cy-(cy-t.y)*f;t.s=s;set();}
function box(){return svg.getBoundingClientRect();}
function fit(){var r=box(),s=Math.min(r.width/W,r.height/H,1);
if(s>=0.3){t.s=s;t.x=(r.width-W*s)/2;t.y=(r.height-H*s)/2;set();return;}
var c=svg.querySelector(".n.c-changed")||svg.querySelector(".n");t.s=0.6;t.x=16;t.y=16;set();if(c)centre(Number(c.getAttribute("data-k")));}
function centre(k){var g=null;for(var j=0;j<els[k].length;j++){if(els[k][j].tagName!=="LI")g=els[k][j];}if(!g)return;
var m=/translate\\(([-\\d.]+) ([-\\d.]+)\\)/.exec(g.getAttribute("transform")||"");if(!m)return;
var r=box();t.s=Math.max(t.s,0.8);t.x=r.width/2-(Number(m[1])+110)*t.s;t.y=r.height/2-(Number(m[2])+14)*t.s;set();}
svg.addEventListener("wheel",function(e){e.preventDefault();var r=box();zoom(e.deltaY<0?1.2:1/1.2,e.clientX-r.left,e.clientY-r.top);},{passive:false});
function centreZoom(f){var r=box();zoom(f,r.width/2,r.height/2);}
document.getElementById("zoom-in").addEventListener("click",function(){centreZoom(1.25);});
document.getElementById("zoom-out").addEventListener("click",function(){centreZoom(0.8);});
document.getElementById("zoom-fit").addEventListener("click",fit);
var drag=null;
svg.addEventListener("pointerdown",function(e){drag={x:e.clientX,y:e.clientY};svg.setPointerCapture(e.pointerId);svg.classList.add("panning");});
svg.addEventListener("pointermove",function(e){if(!drag)return;t.x+=e.clientX-drag.x;t.y+=e.clientY-drag.y;drag={x:e.clientX,y:e.clientY};set();});
function stop(){drag=null;svg.classList.remove("panning");}
svg.addEventListener("pointerup",stop);svg.addEventListener("pointercancel",stop);
fit();apply();})();`;

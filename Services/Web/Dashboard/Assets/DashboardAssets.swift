/// The dashboard's style sheet and script, served by the web edge at fixed paths (same
/// origin, so a strict Content-Security-Policy — `script-src 'self'; style-src 'self'` —
/// allows them; the pages carry no inline script or style).
public enum DashboardAssets {
    public static let stylePath = "/assets/dashboard.css"
    public static let scriptPath = "/assets/dashboard.js"
    public static let iconPath = "/assets/icon.svg"

    /// The tab's icon: a drop on the header's blue.
    public static let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#075985"/><path d="M32 10C32 10 16 30 16 40a16 16 0 0 0 32 0C48 30 32 10 32 10Z" fill="#FFFFFF"/></svg>"##
    /// Where the sign-out form posts (the web edge's session route).
    public static let signOutPath = "/sign-out"

    /// Phone first: one column, large tap targets (≥ 44 px), then wider from 48rem.
    /// Colours meet WCAG AA (text ≥ 4.5:1; the muted grey #334155 is 10:1 on white), and
    /// every focusable element shows a 3 px outline when focused from the keyboard.
    public static let style = #"""
    :root{--bg:#F8FAFC;--card:#FFFFFF;--text:#0F172A;--muted:#334155;--line:#D5DEE8;--accent:#0369A1;--accent-dark:#075985;--met:#15803D;--warn:#B45309;--error:#B91C1C;--partial:#BAE6FD;--focus:#B45309;font-family:'DejaVu Sans','Helvetica Neue',Helvetica,Arial,sans-serif;line-height:1.5;color:var(--text);background:var(--bg)}
    *{box-sizing:border-box}
    body{margin:0;font-size:1rem}
    a{color:var(--accent-dark)}
    :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
    .skip{position:absolute;left:-999px;top:0;background:var(--card);padding:.5rem 1rem;z-index:2}
    .skip:focus{left:.5rem}
    .top{background:var(--accent-dark);color:#FFFFFF;padding:.5rem .75rem}
    .top a{color:#FFFFFF}
    .brand{font-weight:bold;font-size:1.25rem;text-decoration:none;display:inline-block;padding:.25rem 0}
    .top ul{list-style:none;margin:.25rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.15rem .25rem}
    .top li a{display:block;padding:.55rem .6rem;min-height:44px;border-radius:.5rem;text-decoration:none;white-space:nowrap}
    .top li a[aria-current=page]{background:#FFFFFF;color:var(--accent-dark);font-weight:bold}
    main{max-width:60rem;margin:0 auto;padding:1rem .75rem 2rem}
    main:focus{outline:none}
    h1{font-size:1.6rem;margin:.25rem 0 1rem}
    h2{font-size:1.2rem;margin:0 0 .75rem}
    .card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem;margin:0 0 1rem}
    .muted{color:var(--muted)}
    .notice{background:#E0F2FE;border-left:4px solid var(--accent);padding:.75rem;border-radius:.25rem}
    .notice.error{background:#FEE2E2;border-color:var(--error)}
    .notice.undo{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem}
    .notice.undo form{margin:0}
    .notice .detail{display:block;margin-top:.25rem}
    .ring-card{display:flex;align-items:center;gap:1rem}
    .ring-card svg{width:8.5rem;height:8.5rem;flex:none}
    .ring-numbers p{margin:.15rem 0}
    .big{font-size:1.6rem;font-weight:bold;line-height:1.2}
    .met{color:var(--met);font-weight:bold}
    .quick{display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:.5rem;margin:.5rem 0 0;padding:0;list-style:none}
    .quick form{margin:0}
    button,.button{font:inherit;min-height:44px;padding:.5rem .9rem;border-radius:.5rem;border:2px solid var(--accent);background:var(--accent);color:#FFFFFF;cursor:pointer}
    button:hover{background:var(--accent-dark)}
    button.secondary{background:var(--card);color:var(--accent-dark)}
    button.danger{background:var(--card);color:var(--error);border-color:var(--error)}
    button.link{background:none;border:none;color:var(--accent-dark);text-decoration:underline;padding:.5rem 0}
    .quick button{width:100%;text-align:left;overflow-wrap:anywhere}
    .quick .amount{display:block;font-size:1.25rem;font-weight:bold}
    .field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 .75rem}
    .field label{font-weight:bold}
    input,select{font:inherit;min-height:44px;padding:.4rem .5rem;border:2px solid var(--muted);border-radius:.4rem;background:#FFFFFF;color:var(--text);max-width:100%;min-width:0}
    .field{min-width:0}
    .inline{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end}
    .inline .field{margin:0;flex:1 1 7rem}
    table{border-collapse:collapse;width:100%}
    th,td{text-align:left;padding:.5rem .4rem;border-bottom:1px solid var(--line);vertical-align:top}
    td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
    td.fluid{overflow-wrap:anywhere}
    h1,h2,p,li,label,summary,dd,dt{overflow-wrap:break-word}
    .table-scroll{overflow-x:auto;max-width:100%}
    details summary{cursor:pointer;min-height:44px;display:inline-flex;align-items:center;color:var(--accent-dark);text-decoration:underline}
    details form{margin:.5rem 0}
    .actions{display:flex;flex-wrap:wrap;gap:.25rem .75rem;align-items:center}
    .actions form{margin:0}
    .actions details{min-width:0}
    .actions details[open]{flex:1 1 100%}
    td.actions button.danger{padding:.4rem .6rem}
    .water-col{display:none}
    td.num{white-space:nowrap}
    .chart svg{width:100%;height:auto;display:block}
    .chart svg.wide{display:none}
    .badges{display:flex;flex-wrap:wrap;align-items:center;gap:.75rem}
    .badges svg{height:2.5rem;width:auto}
    .months{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
    .calendar{table-layout:fixed}
    .calendar caption{font-weight:bold;text-align:left;padding:0 0 .5rem}
    .calendar th,.calendar td{text-align:center;padding:0;border:none}
    .calendar td>span{display:block;margin:2px;padding:.35rem 0;border-radius:.4rem;border:1px solid var(--line);font-variant-numeric:tabular-nums}
    .calendar td.met>span{background:var(--met);color:#FFFFFF;border-color:var(--met);font-weight:bold}
    .calendar td.partial>span{background:var(--partial)}
    .calendar td[aria-current=date]>span{outline:3px solid var(--text);outline-offset:-1px}
    .calendar td.future>span,.calendar td.before>span{color:#64748B;border-style:dashed}
    .legend{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;padding:0}
    .legend span{display:inline-block;width:1rem;height:1rem;border-radius:.25rem;vertical-align:middle;margin-right:.3rem;border:1px solid var(--line)}
    .legend .met{background:var(--met)}
    .legend .partial{background:var(--partial)}
    .month-nav{display:flex;justify-content:space-between;gap:.5rem;margin:0 0 1rem}
    .days{display:flex;flex-wrap:wrap;gap:3px;list-style:none;padding:0;margin:.5rem 0 0}
    .days li{width:1.1rem;height:1.1rem;border-radius:.2rem;background:#E2E8F0;border:1px solid var(--line)}
    .days li.done{background:var(--met);border-color:var(--met)}
    label.check{display:flex;align-items:center;gap:.5rem;min-height:44px;cursor:pointer}
    input[type=checkbox]{min-height:0;width:1.4rem;height:1.4rem;margin:0}
    .erase{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem;align-items:center}
    .consent{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:.25rem 1rem;align-items:center}
    .consent>div{grid-column:1;grid-row:1;min-width:0;overflow-wrap:break-word}
    .consent>div h2{margin:0 0 .25rem}
    .consent>div p{margin:0}
    .consent form{display:contents}
    .consent button{grid-column:2;grid-row:1}
    .consent label.check{grid-column:1/-1;grid-row:2}
    .state-on{color:var(--met);font-weight:bold}
    .state-off{color:var(--error);font-weight:bold}
    .state-none{color:var(--muted);font-weight:bold}
    .bottom{max-width:60rem;margin:0 auto;padding:0 .75rem 2rem;color:var(--muted)}
    .bottom form{margin:0}
    .live-status{font-size:.9rem}
    body.bare main{max-width:26rem;margin-top:2rem}
    code{font-family:'DejaVu Sans Mono',monospace;background:#E2E8F0;padding:.1rem .3rem;border-radius:.25rem}
    .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
    @media (max-width:47.99rem){
    table.intakes,table.intakes thead,table.intakes tbody{display:block}
    table.intakes tr{display:grid;grid-template-columns:4.25rem minmax(0,1fr) 6.5rem;column-gap:.5rem;border-bottom:1px solid var(--line)}
    table.intakes th,table.intakes td{border:none;padding:.4rem 0;overflow-wrap:anywhere}
    table.intakes th:last-child{display:none}
    table.intakes td.actions{grid-column:1/-1;padding-top:0}
    }
    @media (min-width:48rem){
    .top{display:flex;align-items:center;gap:1.5rem;padding:.5rem 1.5rem}
    .top ul{margin:0}
    main{padding:1.5rem}
    .bottom{padding:0 1.5rem 2rem}
    .columns{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
    .ring-card svg{width:12rem;height:12rem}
    .water-col{display:table-cell}
    .chart svg.narrow{display:none}
    .chart svg.wide{display:block}
    }
    .token-form fieldset{border:0;padding:0;margin:0 0 1rem}
    .token-form legend{font-weight:600;padding:0;margin-bottom:.25rem}
    .token-form .choice{display:flex;align-items:flex-start;gap:.6rem;margin:.5rem 0}
    .token-form .choice input{width:1.25rem;height:1.25rem;margin:.2rem 0 0;flex:none}
    .token-form label[for=token-name]{display:block;font-weight:600}
    .token-form input[type=text],.token-created .secret{display:block;width:100%;max-width:28rem;margin:.25rem 0 .75rem}
    .token-created .secret{font-family:'DejaVu Sans Mono',monospace;font-size:.9rem}
    .token-list{list-style:none;padding:0;margin:0}
    .token-list li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;border-top:1px solid var(--line);padding:.75rem 0}
    .token-list li p{margin:.25rem 0 0}
    .token-list .name{overflow-wrap:anywhere}
    """#
}

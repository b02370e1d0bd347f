// Pravidla ve zkratce, česky: základní hra, Duchové Niagary a Diamantový Joe, podle RULES.md
// (stejná čísla pravidel), se slovy českých pravidel (drahokamy, naleziště, pádlovací karty,
// plovací kruh, břeh, vodopád). Stejný tvar jako rules/en.js; hráče oslovuje vykáním jako zbytek stránky.

export default {
    lang: 'cs',
    ui: {
        title: 'Jak hrát Niagaru',
        pageTitle: 'Niagara: pravidla ve zkratce',
        closeLabel: 'Zavřít pravidla',
        contents: 'Obsah',
        newTab: 'Otevřít jako stránku',
        language: 'Jazyk',
        backToGame: 'Zpět ke hře',
    },
    words: {
        land: 'Břeh',
        waterfall: 'VODOPÁD',
        up2: 'proti proudu 2',
        down2: 'po proudu 2',
        lost: 'ztracena',
        pushed: 'posunuta',
        elk: 'los +2',
        beaver: 'bobr',
        weather: 'počasí',
        joeMove: 'podle karty',
    },
    pictures: {
        river: [
            'Řeka: břeh, pole T1 až T5, rozdvojení do ramen L6 L7 a R6 R7 a vodopád; pět nalezišť u T3, T4, T5, u jazyka pevniny (modré) a na hraně vodopádu (červené).',
            'Řeka. Drahokamy čekají na nalezištích u T3 (fialové), T4 (bezbarvé), T5 (žluté), L6/R6 (modré) a L7/R7 (červené).',
        ],
        move: [
            'Karta 3: kanoe 1 vypluje z břehu a popluje o 3 pole po proudu až na T3; kanoe 2 naloží na T4 bezbarvý drahokam za 2 body a pak popluje o 1 pole na T5.',
            'Karta s číslem dává své body každé kanoi, která pluje.',
        ],
        steal: [
            'Krádež: s kartou 2 pluje oranžová kanoe proti proudu z T5 na T3 a zastaví vedle zelené kanoe, která veze červený drahokam; smí si ho vzít.',
            'O 2 pole proti proudu k naložené kanoi: červený drahokam může změnit majitele.',
        ],
        flow: [
            'Řeka se posune o jeden krok: každé pole popluje o jedno místo dál; pole z T5 vpluje do ramene, kam ukazuje praporek; poslední pole tohoto ramene spadne do vodopádu i s kanoí a jejím modrým drahokamem.',
            'Rychlost 1: vše se posune o jedno pole; praporek ukazuje do levého ramene, takže spadne pole z L7.',
        ],
        double: [
            'Dvojitá kanoe veze dva drahokamy (zde fialový a bezbarvý); obyčejná kanoe jen jeden (žlutý).',
            'Dvojitá kanoe (vaše kanoe 1) veze dva drahokamy a smí dva ukrást.',
        ],
        lasso: [
            'Laso: vaše kanoe na řece čekají na kraji řeky vedle svých polí, zatímco řeka teče; nikdo je tam nemůže okrást.',
            'Kanoe na lasu čekají na kraji řeky (čárkovaně), zatímco pole proplouvají.',
        ],
        whirlpool: [
            'Vír na T4: kanoe popluje z T2 o 2 pole po proudu a skončí na něm, proto je posunuta o jedno pole po proudu, na T5.',
            'O 2 pole po proudu na vír na T4: kanoe skončí na T5.',
        ],
        elk: [
            'Spěchající los: kanoe na L7 si ho vezme na začátku tahu svého majitele a odteď má o 2 body víc: s kartou 3 popluje o 5 polí proti proudu, až na T2.',
            'Kanoe na hraně vodopádu s losem: karta 3 jí dá 5 polí, z L7 až na T2.',
        ],
        beaver: [
            'Koupající se bobr: když se počasí posune na +2, skočí na pole T1; když spadne do vodopádu, počasí se vrátí na 0.',
            'Počasí +2 přivede bobra na T1.',
        ],
        joe: [
            'Diamantový Joe: černá neutrální kanoe s bezbarvým drahokamem na T4; po toku řeky pluje proti proudu podle karty startovního hráče. Vaše kanoe vedle něj si smí drahokam vzít, vyměnit nebo mu ho dát.',
            'Joe veze na T4 bezbarvý drahokam; vaše kanoe vedle něj s ním smí obchodovat.',
        ],
    },
    parts: [
        {
            id: 'base',
            title: 'Hra',
            intro: '**Cíl.** Plujte po řece, nakládejte drahokamy na nalezištích a dovezte je zpět na břeh dřív, než vaše kanoe pohltí vodopád. Potřebujete *5 drahokamů pěti barev*, nebo *4 jedné barvy*, nebo *7 libovolných*.',
            sections: [
                {
                    rule: 'R1',
                    title: 'Materiál a příprava',
                    short: 'Příprava',
                    items: [
                        [
                            'R1.1',
                            '3 až 5 hráčů, s Duchy Niagary až 6. Místa jdou kolem stolu; váš soused po levé ruce má další místo.',
                        ],
                        [
                            'R1.2',
                            'Pět barev drahokamů: fialová (ametyst), bezbarvá (diamant), žlutá (jantar), modrá (safír) a červená (rubín). Každá barva má své naleziště.',
                        ],
                        [
                            'R1.3',
                            'Na každém nalezišti je na začátku 7 drahokamů jeho barvy (s Duchy: 6 při třech hráčích, 8 při šesti). Drahokamy se jen přesouvají: žádný nepřibude ani nezmizí.',
                        ],
                        [
                            'R1.4',
                            'Máte 2 kanoe (s Duchy: jednu dvojitou a jednu obyčejnou). Začínají na břehu.',
                        ],
                        [
                            'R1.5',
                            'Vaše pádlovací karty: 1, 2, 3, 4, 5, 6 a mrak. Duchové přidávají 7, laso a 1/2/3.',
                        ],
                        ['R1.6', 'Ukazatel počasí začíná na 0, na stupnici −1, 0, +1 a +2.'],
                        [
                            'R1.7',
                            'Startovního hráče prvního kola (ten dostane plovací kruh) určí náhoda.',
                        ],
                    ],
                },
                {
                    rule: 'R2',
                    title: 'Řeka',
                    short: 'Řeka',
                    items: [
                        ['fig', 'river'],
                        [
                            'R2.1',
                            'Devět míst na polích řeky: T1 až T5 od lávky po proudu, pak rozdvojení do levého ramene L6, L7 a pravého ramene R6, R7 (při pohledu po proudu). Za L7 a R7 je vodopád.',
                        ],
                        [
                            'R2.2',
                            'Naleziště: fialové u T3, bezbarvé u T4, žluté u T5, modré na jazyku pevniny mezi L6 a R6, červené u L7 a R7. T1 a T2 žádné nemají.',
                        ],
                        ['R2.3', 'Kanoe stojí na poli řeky: když se pole posunou, pluje s nimi.'],
                        [
                            'R2.4',
                            'Jeden krok řeky: na T1 vpluje nové prázdné pole a všechna pole se posunou o jedno místo po proudu. Pole, které opouští T5, vpluje do ramene, kam ukazuje praporek u rozdvojení; v tom rameni spadne pole z místa 7 do vodopádu se vším, co na něm je. Druhé rameno stojí. Pak se praporek otočí k druhému rameni (začíná vlevo a vždy se střídá).',
                        ],
                        [
                            'R2.6',
                            'Břeh sousedí jen s T1: kanoe vplouvají do řeky a vyplouvají z ní jen tudy, přes lávku.',
                        ],
                    ],
                },
                {
                    rule: 'R3',
                    title: 'Průběh kola',
                    short: 'Kolo',
                    items: [
                        [
                            'R3.1',
                            '**Fáze I.** Každý tajně vybere jednu kartu z ruky, všichni naráz. Předtím smíte koupit zpět ztracené kanoe (R8.3).',
                        ],
                        [
                            'R3.2',
                            '**Fáze II.** Počínaje majitelem plovacího kruhu a dál po směru hodinových ručiček každý otočí svou kartu a hned ji provede. Kdo hraje později, vidí, co udělali ostatní.',
                        ],
                        ['R3.3', '**Fáze III.** Řeka teče (R7).'],
                        [
                            'R3.4',
                            '**Fáze IV.** Plovací kruh dostane soused po levé ruce a začíná další kolo.',
                        ],
                        [
                            'R3.5',
                            '**Vaše ruka.** Zahraná karta se do ruky nevrací. Teprve když zahrajete *všechny* své karty (7 v základní hře, 10 s rozšířením), vrátí se všechny naráz, na začátku dalšího kola. Vybírejte tedy s rozmyslem: vysoká karta teď je vysoká karta, která vám později bude chybět.',
                        ],
                        [
                            'R3.6',
                            'Tady se každá zahraná karta ukáže všem, takže každý ví, co komu v ruce zbývá (stůl s volbou „paměť“ ukazuje jen vrchní kartu každého balíčku). Vybraná karta zůstává tajná až do vašeho tahu.',
                        ],
                    ],
                },
                {
                    rule: 'R4',
                    title: 'Karty s čísly: plavba',
                    short: 'Plavba',
                    items: [
                        ['fig', 'move'],
                        ['R4.1', 'Číslo udává pohybové body každé kanoe, která pluje.'],
                        [
                            'R4.2',
                            'Každá vaše kanoe na řece musí plout. Když žádná na řece není, musíte z břehu spustit na vodu právě jednu; jinak smíte spustit na vodu i kanoi, která zůstala na břehu. Každá kanoe použije všechny body sama pro sebe, jedna po druhé, v pořadí, jaké si zvolíte.',
                        ],
                        [
                            'R4.3',
                            'Jedno pole stojí 1 bod, stejně jako břeh → T1 a T1 → břeh. Během plavby jede kanoe jen jedním směrem: proti proudu (k břehu), nebo po proudu (k vodopádu). Po proudu za T5 si vyberete rameno; proti proudu z ramene se dostanete na T5. Nikdy nahoru jedním ramenem a dolů druhým.',
                        ],
                        [
                            'R4.4',
                            'Všechny body se musí využít. Jediná výjimka: kanoe, která proti proudu dorazí na břeh, tam smí zastavit.',
                        ],
                        ['R4.5', 'Kanoe na břehu smí plout jen po proudu, do řeky.'],
                        [
                            'R4.6',
                            'Přes vodopád smíte plout i schválně: kanoe je pak ztracená (R8).',
                        ],
                        [
                            'R4.7',
                            'Kanoe si nikdy nepřekážejí; na jednom poli jich může být libovolně mnoho.',
                        ],
                        [
                            'R4.8',
                            'Kanoe, která dorazila na břeh, tam zůstane až do vašeho dalšího tahu.',
                        ],
                    ],
                },
                {
                    rule: 'R5',
                    title: 'Nakládání a vykládání drahokamů',
                    short: 'Drahokamy',
                    items: [
                        ['R5.1', 'Kanoe veze jeden drahokam, dvojitá kanoe dva.'],
                        [
                            'R5.2',
                            'Nakládá a vykládá jen na nalezišti vedle svého pole. Břeh, T1 a T2 žádné naleziště nemají.',
                        ],
                        [
                            'R5.3',
                            'Každý naložený nebo vyložený drahokam stojí tu kanoi 2 body, takže popluje o 2 pole méně. S kartou 1 nelze drahokam naložit ani vyložit.',
                        ],
                        [
                            'R5.4',
                            'Drahokamy se nakládají a vykládají buď před plavbou, nebo na jejím konci; nikdy cestou a nikdy obojí.',
                        ],
                        [
                            'R5.5',
                            'Na jednom nalezišti a v jednu chvíli smíte vyložit a pak naložit (4 body u obyčejné kanoe), ale ne drahokam barvy, kterou tato kanoe v tomto tahu vyložila.',
                        ],
                        [
                            'R5.6',
                            'Drahokam naložený v tomto tahu nelze v témže tahu znovu vyložit.',
                        ],
                        [
                            'R5.7',
                            'Drahokam libovolné barvy smíte vyložit na kterémkoli nalezišti. Naleziště může mít více barev; kdo tam nakládá, vybírá si.',
                        ],
                        [
                            'R5.8',
                            'Kanoe se nemusí pohnout vůbec, když jí drahokamy spotřebují všechny body (karta 2 a jedno naložení).',
                        ],
                        [
                            'R5.9',
                            'Dvojitá kanoe smí vyložit až dva drahokamy a naložit až dva, vše na jednom nalezišti a v jednu chvíli, 2 body za drahokam.',
                        ],
                    ],
                },
                {
                    rule: 'R6',
                    title: 'Krádež a dovoz na břeh',
                    short: 'Krádež, břeh',
                    items: [
                        ['fig', 'steal'],
                        [
                            'R6.1',
                            'Kanoe smí krást, když plula proti proudu aspoň o jedno pole, skončila tam s využitím všech bodů, má volné místo, na konci této plavby nenakládala a nebyla posunuta vírem. Vyložení před plavbou krádeži nebrání, vyložení po plavbě ano.',
                        ],
                        [
                            'R6.2',
                            'Vezme jeden drahokam z naložené kanoe jiného hráče na stejném poli, zdarma a jen když chcete. Nikdy ze svých kanoí, z kanoe na kraji řeky (laso) ani z kanoe na břehu. Je-li tam naložených kanoí víc, vybíráte vy.',
                        ],
                        [
                            'R6.3',
                            'Dvojitá kanoe se dvěma volnými místy smí vzít dva drahokamy, z jedné kanoe nebo ze dvou.',
                        ],
                        [
                            'R6.4',
                            'Kanoe plující po proudu nikdy nekrade a kanoe si drahokamy nikdy nevyměňují.',
                        ],
                        [
                            'R6.5',
                            'Okradená kanoe má zase volné místo: smí později v tomto kole nakládat nebo krást, pokud její majitel ještě nehrál.',
                        ],
                        [
                            'R6.6',
                            '**Dovoz na břeh.** Když kanoe dorazí na břeh, její drahokamy jdou do vaší sbírky, na očích všem a natrvalo (kromě zpětného koupení kanoe). Přistání nic nestojí a přistát smí i prázdná kanoe.',
                        ],
                    ],
                },
                {
                    rule: 'R7',
                    title: 'Počasí a rychlost řeky',
                    short: 'Počasí, rychlost',
                    items: [
                        [
                            'R7.1',
                            '**Karta s mrakem.** Místo plavby posunete ukazatel počasí o jedno pole nahoru, nebo dolů (posunout ho musíte a zůstává mezi −1 a +2). Žádná vaše kanoe v tomto tahu nepluje, nenakládá ani nekrade.',
                        ],
                        [
                            'R7.2',
                            '**Rychlost.** Řeka poteče o tolik polí, kolik je nejnižší karta s číslem (1 až 7) zahraná v tomto kole, plus počasí po fázi II. Mrak, laso a 1/2/3 nejsou karty s čísly; bez jediné karty s číslem je rychlost jen počasí. Při 0 a méně řeka stojí.',
                        ],
                        ['R7.3', 'Ve fázi III udělá řeka tolik kroků (R2.4).'],
                        ['fig', 'flow'],
                        [
                            'R7.4',
                            'Zatímco řeka teče, nikdo nepluje, nenakládá, nevykládá ani nekrade.',
                        ],
                    ],
                },
                {
                    rule: 'R8',
                    title: 'Vodopád',
                    short: 'Vodopád',
                    items: [
                        [
                            'R8.1',
                            'Kanoe, jejíž pole spadne, nebo která přepluje přes hranu, je ztracená. Její drahokamy se vrátí na naleziště svých barev.',
                        ],
                        ['R8.2', 'Ztracená kanoe je mimo hru, dokud ji nekoupíte zpět.'],
                        [
                            'R8.3',
                            'Ve fázi I smíte ztracenou kanoi koupit zpět na břeh za jeden drahokam ze své sbírky (ten se vrátí na své naleziště): jeden drahokam za kanoi, a jen když chcete.',
                        ],
                        [
                            'R8.4',
                            'Když máte všechny kanoe ztracené a sbírku prázdnou, jedna kanoe se vám na začátku fáze I vrátí na břeh zdarma (s Duchy si vyberete kterou).',
                        ],
                    ],
                },
                {
                    rule: 'R9',
                    title: 'Konec hry',
                    short: 'Konec',
                    items: [
                        [
                            'R9.1',
                            'Vítězná sbírka: 5 různých barev, nebo 4 drahokamy jedné barvy, nebo 7 drahokamů libovolných barev.',
                        ],
                        [
                            'R9.2',
                            'Jakmile má někdo vítěznou sbírku, fáze II tohoto kola se ještě dohraje (na tah přijdou všichni) a hra tím končí, dřív než řeka poteče. Vyhrávají všichni, kdo pak mají vítěznou sbírku.',
                        ],
                        [
                            'R9.3',
                            'S volbou „rozhodnutí remízy“ se více vítězů seřadí podle hodnoty drahokamů (fialová 1, bezbarvá 2, žlutá 3, modrá 4, červená 5). Bez volby stolu je vypnutá.',
                        ],
                        [
                            'R9.4',
                            'Když se všichni hráči vzdají nebo odejdou, hra končí bez vítěze.',
                        ],
                    ],
                },
            ],
        },
        {
            id: 'spirits',
            title: 'Duchové Niagary (rozšíření)',
            sections: [
                {
                    rule: 'R10',
                    title: 'Co přináší rozšíření',
                    short: 'Duchové Niagary',
                    items: [
                        [
                            'R10.1',
                            'Až 6 hráčů, každý 10 karet (karty základní hry a k nim 7, laso a 1/2/3), každý jednu dvojitou kanoi, počty drahokamů podle R1.3 a tři nové postavy na řece.',
                        ],
                        ['fig', 'double'],
                        [
                            'p',
                            '**Karta 7.** Karta s číslem: sedm bodů na kanoi a počítá se do rychlosti řeky.',
                        ],
                        [
                            'R10.2',
                            '**Vír.** Zvláštní pole, na začátku na T3, které teče jako ostatní; když spadne, vrátí se jako další pole na T1.',
                        ],
                        [
                            'R10.3',
                            'Na víru nesmí žádná kanoe zůstat. Přeplout ho po proudu nic navíc nestojí; vyplout z něj proti proudu stojí 2 body. Kanoe, jejíž plavba na něm skončí (proti proudu: i když na něm utratila poslední bod), je hned posunuta o jedno pole po proudu: na T5 si majitel vybere rameno, z L7 nebo R7 spadne. Posunutá kanoe nesmí krást ani po plavbě nakládat či vykládat.',
                        ],
                        [
                            'R10.4',
                            'Před plavbou, která skončí na víru, smíte nakládat nebo vykládat; posunutí přijde až potom.',
                        ],
                        ['fig', 'whirlpool'],
                        [
                            'R10.5',
                            '**Laso.** Vaše kanoe na řece stráví toto kolo na kraji řeky vedle svých polí: neplují s řekou, nelze je okrást a nenakládají ani nevykládají. Po toku řeky se vrátí na vodu na stejná místa (ta, která přistane na víru, je posunuta dál). Kanoe na břehu tam zůstávají. Laso není karta s číslem.',
                        ],
                        ['fig', 'lasso'],
                        [
                            'R10.6',
                            '**1/2/3.** Pohněte právě jednou kanoí, z břehu nebo na řece, o 1, 2 nebo 3 body podle své volby (nakládat smíte, když body stačí). Není to karta s číslem: rychlost řeky neurčuje.',
                        ],
                        [
                            'R10.7',
                            '**Koupající se bobr.** Kdykoli se počasí posune na +2 a bobr není na řece, skočí na pole T1 (na T2, je-li na T1 vír) a pluje s proudem. Když jeho pole spadne do vodopádu, počasí klesne zpět na 0 (rychlost už spočtená v tomto kole platí).',
                        ],
                        ['fig', 'beaver'],
                        [
                            'R10.8',
                            '**Spěchající los.** Čeká u červeného naleziště. Na začátku vašeho tahu, ať hrajete jakoukoli kartu, si ho smí vzít vaše kanoe na L7 nebo R7, pokud ho nikdo nemá. Ta kanoe má pak při každé plavbě o 2 body víc (s kartou 1/2/3 od 3 do 5; vaše druhá kanoe od 1 do 3). Los nejde ukrást ani darovat. Když jeho kanoe přistane nebo spadne, vrátí se los k červenému nalezišti po dalším toku řeky. Rychlost řeky nikdy nemění.',
                        ],
                        ['fig', 'elk'],
                    ],
                },
            ],
        },
        {
            id: 'joe',
            title: 'Diamantový Joe (varianta)',
            sections: [
                {
                    rule: 'R11',
                    title: 'Diamantový Joe',
                    short: 'Diamantový Joe',
                    items: [
                        [
                            'R11.1',
                            'Diamantový Joe (v originále Diamond Joe) je neutrální kanoe, která nikomu nepatří a uveze nejvýš jeden drahokam. Začíná prázdná na poli T1.',
                        ],
                        [
                            'R11.2',
                            'Ve fázi III, po toku řeky, naloží prázdný Joe drahokam z naleziště vedle sebe, pokud tam nějaký je.',
                        ],
                        [
                            'R11.3',
                            'Pak popluje proti proudu o tolik polí, kolik ukazuje karta s číslem startovního hráče (jiná karta: zůstane stát). Dorazí-li na T1 a zbývají mu body, otočí se a pluje dál po proudu, u rozdvojení do pravého ramene. Na břeh nikdy nepluje.',
                        ],
                        [
                            'R11.4',
                            'Když spadne do vodopádu, jeho drahokam se vrátí na své naleziště a Joe hned začíná znovu na T1.',
                        ],
                        [
                            'R11.5',
                            'Na konci vašeho tahu smí vaše kanoe na Joeově poli (i když neplula, ale ne z kraje řeky po lasu) zdarma a podle vaší vůle: *vzít* si jeho drahokam na volné místo, *vyměnit* jeden svůj drahokam za jeho, nebo mu *dát* drahokam, je-li prázdný.',
                        ],
                        ['R11.6', 'Joea nikdo neokrade, nikomu nepřekáží a není hráčem.'],
                        ['fig', 'joe'],
                    ],
                },
            ],
        },
        {
            id: 'table',
            title: 'U tohoto stolu',
            sections: [
                {
                    rule: 'R12',
                    title: 'Co přidává stůl na internetu',
                    short: 'Stůl na internetu',
                    items: [
                        [
                            'R12.1',
                            'Každou hru lze přesně přehrát z jejích voleb, semínka a tahů: to ukazují záznamy her.',
                        ],
                        [
                            'R12.2',
                            'Vaše rozhodnutí: zpětné koupě a karta (fáze I); vzetí losa, směr počasí a plavba každé kanoe (fáze II); rameno po posunutí vírem; obchod s Diamantovým Joem. Stůl nabízí jen dovolené volby a odmítnutý tah řekne, které pravidlo mu brání.',
                        ],
                        [
                            'p',
                            'Když jste na tahu, kanoe, které smějí plout, září: klepněte na jednu a pak na zářící místo (nebo na břeh). Stejné volby jsou tlačítky ve vašem rozhodnutí a všechny jsou vypsané i slovy.',
                        ],
                        [
                            'p',
                            'Najeďte na kartu (nebo ji podržte) a uvidíte, co dělá. Záznam vedle plánu říká, co udělali ostatní; krátké upozornění vám dá vědět, když se něco stane vám. Číslo pravidla ve zprávě, například (R4.4), otevře tento přehled u toho pravidla.',
                        ],
                        [
                            'p',
                            'Zvuky jsou vypnuté, dokud je nezapnete v záhlaví. Okno chatu přijímá i příkazy, třeba `/help`.',
                        ],
                    ],
                },
            ],
        },
    ],
};
